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

        @Test func framingFieldsAreRecognisedInAnyCaseAndOnlyByTheirWholeName() async throws {
            try await withServer { _, port in
                let twoLengths = try RawHTTPClient(port: port)
                try twoLengths.write(requestHead("POST", "/x", ["CONTENT-LENGTH: 2", "content-Length: 2"]) + "ab")
                #expect(try twoLengths.readResponse().status == 400)
                let lengthAndCoding = try RawHTTPClient(port: port)
                try lengthAndCoding.write(
                    requestHead("POST", "/x", ["Content-length: 2", "TRANSFER-ENCODING: CHUNKED"]) + "ab"
                )
                #expect(try lengthAndCoding.readResponse().status == 400)
                let gzip = try RawHTTPClient(port: port)
                try gzip.write(requestHead("POST", "/x", ["Transfer-ENCODING: Gzip"]))
                #expect(try gzip.readResponse().status == 400)
                let twoHosts = try RawHTTPClient(port: port)
                try twoHosts.write(requestHead("GET", "/x", ["hOST: other"]))
                #expect(try twoHosts.readResponse().status == 400)
                // Chunked in capitals is chunked; names one letter off are other fields.
                let client = try RawHTTPClient(port: port)
                try client.write(
                    requestHead("POST", "/x", ["Transfer-Encoding: ChUnKeD"]) + chunk("abc") + "0\r\n\r\n"
                )
                let chunked = try client.readResponse()
                #expect(chunked.status == 200)
                #expect(chunked.text == "abc")
                try client.write(
                    requestHead("GET", "/y", ["Content-Lengtx: 7", "Transfer-Encodinx: gzip", "Hosx: other"])
                )
                let nearMisses = try client.readResponse()
                #expect(nearMisses.status == 200)
                #expect(nearMisses["X-Body-Length"] == "0")
                #expect(nearMisses["X-Header-Count"] == "4")
            }
        }

        /// RFC 9112 §5.1: whitespace before a field's colon is refused (libmicrohttpd keeps it in the
        /// name, so `Content-Length : 3` would frame no body, and the body would be read as the next
        /// request). The connection is closed after the answer.
        @Test(arguments: ["Content-Length : 3", "Content-Length\t: 3", "X-Other : 1\r\nContent-Length: 3"])
        func aFieldNameWithWhitespaceBeforeItsColonIsRefusedAndTheConnectionClosed(field: String) async throws {
            try await withServer { _, port in
                let client = try RawHTTPClient(port: port)
                try client.write(requestHead("POST", "/x", [field]) + "abcGET /next HTTP/1.1\r\nHost: h\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(response.text.contains("a header field name has whitespace before its colon"))
                #expect(response["Connection"]?.lowercased() == "close")
                #expect(client.waitForClose())
                // A space inside a name frames nothing: such a field is passed on.
                let inside = try RawHTTPClient(port: port)
                try inside.write(requestHead("GET", "/y", ["X Y: 1"]))
                #expect(try inside.readResponse().status == 200)
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
