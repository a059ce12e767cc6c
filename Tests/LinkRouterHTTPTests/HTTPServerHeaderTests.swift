import LinkRouterHTTP
import Testing

extension HTTPServerLiveTests {
    /// Request header fields as the responder sees them, through the real server.
    @Suite struct Headers {
        @Test func manyFieldsReachTheResponderInOrder() async throws {
            try await withServer { _, port in
                let client = try RawHTTPClient(port: port)
                let filler = (0..<60).map { "X-Filler-\($0): \(String(repeating: "f", count: $0))" }
                try client.write(requestHead("GET", "/many", filler + ["x-TEST: last one"]))
                let response = try client.readResponse()
                #expect(response.status == 200)
                // Host, the fillers and X-Test.
                #expect(response["X-Header-Count"] == "62")
                #expect(response["X-Test"] == "last one")
            }
        }

        @Test func aValueThatIsNotUTF8IsRepaired() async throws {
            try await withServer { _, port in
                let client = try RawHTTPClient(port: port)
                let head =
                    Array("GET /bytes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: a".utf8) + [0xFF]
                    + Array("b\r\n\r\n".utf8)
                try client.write(head)
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response["X-Test"] == "a\u{FFFD}b")
            }
        }

        @Test func aRequestWithoutFieldsHasNone() async throws {
            try await withServer { _, port in
                let client = try RawHTTPClient(port: port)
                try client.write("GET /none HTTP/1.0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response["X-Header-Count"] == "0")
            }
        }
    }
}
