import LinkRouterHTTP
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServerLiveTests {
    /// Connection-level limits: the idle timeout and the per-address limit.
    @Suite struct Connections {
        @Test func idleConnectionIsClosedAfterTheTimeout() async throws {
            try await withServer(testConfiguration(connectionTimeout: 1)) { _, port in
                let idle = try RawHTTPClient(port: port, readTimeout: 4)
                let clock = ContinuousClock()
                let started = clock.now
                #expect(idle.waitForClose())
                let waited = clock.now - started
                #expect(waited > .milliseconds(500) && waited < .seconds(3), "closed after \(waited)")
            }
        }

        @Test func connectionsBeyondThePerAddressLimitAreRefused() async throws {
            try await withServer(testConfiguration(perIPConnectionLimit: 2)) { _, port in
                let first = try RawHTTPClient(port: port)
                let second = try RawHTTPClient(port: port)
                for client in [first, second] {
                    try client.write(requestHead("GET", "/kept"))
                    #expect(try client.readResponse().status == 200)
                }
                let third = try RawHTTPClient(port: port, readTimeout: 2)
                #expect(third.waitForClose())
            }
        }

        @Test func droppingARunningServerStopsIt() async throws {
            var server: HTTPServer? = HTTPServer(configuration: testConfiguration(), responder: EchoResponder())
            try server?.start()
            let port = try #require(server?.boundPort)
            server = nil
            #expect(throws: RawClientError.self) { try RawHTTPClient(port: port) }
        }
    }
}
