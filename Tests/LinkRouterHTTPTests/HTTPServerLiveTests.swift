import Foundation
import LinkRouterHTTP
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Live tests against a real server on 127.0.0.1, an ephemeral port each. Serialized, with the nested
/// suites in the other files, so timing checks do not compete with each other for two cores.
@Suite(.serialized) struct HTTPServerLiveTests {
    @Test func getEchoesMethodPathQueryAndHeaders() async throws {
        try await withServer { _, port in
            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/hello/world?x=1&y=%20z")))
            request.setValue("abc", forHTTPHeaderField: "X-Test")
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "X-Method") == "GET")
            #expect(http.value(forHTTPHeaderField: "X-Path") == "/hello/world")
            #expect(http.value(forHTTPHeaderField: "X-Query") == "?x=1&y=%20z")
            #expect(http.value(forHTTPHeaderField: "X-Test") == "abc")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == "0")
            #expect(http.value(forHTTPHeaderField: "Date") != nil)
            #expect(data.isEmpty)
        }
    }

    @Test func postDeliversTheBody() async throws {
        try await withServer { _, port in
            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/items")))
            request.httpMethod = "POST"
            request.httpBody = Data("{\"name\":\"lamp\"}".utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "X-Method") == "POST")
            #expect(http.value(forHTTPHeaderField: "X-Query") == "(none)")
            #expect(http.value(forHTTPHeaderField: "X-Body-Length") == "15")
            #expect(String(decoding: data, as: UTF8.self) == "{\"name\":\"lamp\"}")
        }
    }

    @Test func chunkedBodyIsAccumulatedAcrossChunks() async throws {
        try await withServer { _, port in
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("POST", "/upload", ["Transfer-Encoding: chunked"]))
            let pieces = ["first,", String(repeating: "x", count: 5000), ",last"]
            for piece in pieces {
                try client.write(chunk(piece))
                usleep(20_000)  // separate reads on the server side
            }
            try client.write("0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == pieces.joined())
            #expect(response["X-Body-Length"] == String(pieces.joined().utf8.count))
        }
    }

    @Test func pathAndQueryArriveRawNotDecoded() async throws {
        try await withServer { _, port in
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("GET", "/a%2Fb/c%20d?q=%41%26b&r=1+2&empty="))
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response["X-Path"] == "/a%2Fb/c%20d")
            #expect(response["X-Query"] == "?q=%41%26b&r=1+2&empty=")
            try client.write(requestHead("GET", "/only?"))
            #expect(try client.readResponse()["X-Query"] == "?")
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withServer { server, port in
            let client = try RawHTTPClient(port: port)
            for index in 0..<5 {
                let body = "request \(index)"
                try client.write(requestHead("POST", "/n/\(index)", ["Content-Length: \(body.utf8.count)"]) + body)
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response["X-Path"] == "/n/\(index)")
                #expect(response.text == body)
                #expect(response["Connection"]?.lowercased() != "close")
            }
            // Two requests in one write (pipelined) are answered in order on the same connection.
            try client.write(requestHead("GET", "/p/1") + requestHead("GET", "/p/2"))
            #expect(try client.readResponse()["X-Path"] == "/p/1")
            #expect(try client.readResponse()["X-Path"] == "/p/2")
            #expect(eventually { server.requestsInFlight == 0 })
        }
    }

    @Test func aRequestOnAKeptConnectionSeesNothingOfTheOneBefore() async throws {
        try await withServer { server, port in
            let client = try RawHTTPClient(port: port)
            let body = "first body"
            try client.write(
                requestHead("POST", "/first?q=1", ["X-Test: one", "Content-Length: \(body.utf8.count)"]) + body
            )
            let first = try client.readResponse()
            #expect(first.text == body)
            #expect(first["X-Test"] == "one")
            #expect(first["X-Header-Count"] == "3")
            try client.write(requestHead("GET", "/second"))
            let second = try client.readResponse()
            #expect(second["X-Method"] == "GET")
            #expect(second["X-Query"] == "(none)")
            #expect(second["X-Body-Length"] == "0")
            #expect(second["X-Header-Count"] == "1")
            #expect(second["X-Test"] == nil)
            // Fields beyond the kibibyte first walked onto the stack, then a short request again.
            let long = (0..<40).map { "X-Long-\($0): \(String(repeating: "v", count: 40))" }
            try client.write(requestHead("GET", "/third", long + ["X-Test: three"]))
            let third = try client.readResponse()
            #expect(third["X-Header-Count"] == "42")
            #expect(third["X-Test"] == "three")
            try client.write(requestHead("GET", "/fourth", ["X-Test: four"]))
            let fourth = try client.readResponse()
            #expect(fourth["X-Header-Count"] == "2")
            #expect(fourth["X-Test"] == "four")
            #expect(eventually { server.requestsInFlight == 0 })
        }
    }

    @Test func invalidResponderStatusBecomes500() async throws {
        try await withServer { _, port in
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("GET", "/status/42"))
            let response = try client.readResponse()
            #expect(response.status == 500)
            #expect(response["Content-Type"] == "application/json")
            #expect(response.text.contains(#""code":"internal_error""#))
            try client.write(requestHead("GET", "/status/204"))
            #expect(try client.readResponse().status == 204)
        }
    }

    @Test func headRequestGetsHeadersOnly() async throws {
        try await withServer { _, port in
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("HEAD", "/thing"))
            let head = try client.readResponse()
            #expect(head.status == 200)
            #expect(head["X-Method"] == "HEAD")
            try client.write(requestHead("GET", "/after-head"))
            #expect(try client.readResponse()["X-Path"] == "/after-head")
        }
    }
}
