import LinkRouterHTTP
import Synchronization
import Testing

extension HTTPServerLiveTests {
    /// The responder is told of each request the server answers itself, with what had arrived of it.
    @Suite struct Refused {
        /// Echoes like ``EchoResponder`` and keeps every refusal it is told of.
        final class RecordingResponder: HTTPResponder {
            let echo = EchoResponder()
            let seen = Mutex<[(method: String, path: String, status: Int)]>([])

            func respond(to request: HTTPRequest) -> HTTPResponse { echo.respond(to: request) }

            func refused(_ request: HTTPRequest, status: Int) {
                seen.withLock { $0.append((request.method.name, request.path, status)) }
            }

            var refusals: [String] { seen.withLock { $0.map { "\($0.method) \($0.path) \($0.status)" } } }
        }

        @Test func eachRefusalIsToldWithItsMethodPathAndStatus() async throws {
            let responder = RecordingResponder()
            try await withServer(testConfiguration(maxBodyBytes: 1024), responder: responder) { _, port in
                let big = try RawHTTPClient(port: port)
                try big.write(requestHead("POST", "/v1/sessions/s1/navigate", ["Content-Length: 1025"]))
                #expect(try big.readResponse().status == 413)

                let long = try RawHTTPClient(port: port)
                try long.write(requestHead("GET", "/" + String(repeating: "u", count: 8 * 1024)))
                #expect(try long.readResponse().status == 414)

                let headers = try RawHTTPClient(port: port)
                let lines = (0..<10).map { "X-Filler-\($0): " + String(repeating: "h", count: 1000) }
                try headers.write(requestHead("GET", "/h", lines))
                #expect(try headers.readResponse().status == 431)

                // A request the responder answers is not told as refused, whatever its status.
                let fine = try RawHTTPClient(port: port)
                try fine.write(requestHead("GET", "/status/404"))
                #expect(try fine.readResponse().status == 404)
            }
            #expect(
                responder.refusals == ["POST /v1/sessions/s1/navigate 413", "GET  414", "GET /h 431"],
                "\(responder.refusals)"
            )
        }
    }
}
