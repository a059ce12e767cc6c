import LinkRouterHTTP
import Testing

extension HTTPServerLiveTests {
    /// Start, stop, restart, and stopping with work in flight.
    @Suite struct Lifecycle {
        @Test func stopWithAnUploadInFlightReturnsAndClosesIt() async throws {
            let server = HTTPServer(
                configuration: testConfiguration(shutdownGracePeriod: .milliseconds(300)),
                responder: EchoResponder()
            )
            try server.start()
            let port = try #require(server.boundPort)
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("POST", "/upload", ["Content-Length: 100"]) + "abc")
            #expect(eventually { server.requestsInFlight == 1 })

            let clock = ContinuousClock()
            let started = clock.now
            server.stop()
            #expect(clock.now - started < .seconds(2))
            #expect(server.requestsInFlight == 0)  // request-completed ran for the cut-off upload
            #expect(server.boundPort == nil)
            #expect(client.waitForClose())
            #expect(throws: RawClientError.self) { try RawHTTPClient(port: port) }
        }

        @Test func stopLetsARequestInFlightFinish() async throws {
            let responder = EchoResponder()
            let server = HTTPServer(
                configuration: testConfiguration(shutdownGracePeriod: .seconds(6)),
                responder: responder
            )
            try server.start()
            let port = try #require(server.boundPort)
            let client = try RawHTTPClient(port: port)
            try client.write(requestHead("GET", "/slow"))
            #expect(eventually { responder.slowEntered.current == 1 })
            server.stop()
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response["Connection"]?.lowercased() == "close")
            #expect(server.requestsInFlight == 0)
        }

        @Test func startAndStopRepeatedly() async throws {
            let server = HTTPServer(configuration: testConfiguration(), responder: EchoResponder())
            for round in 0..<5 {
                try server.start()
                #expect(throws: HTTPServerError.alreadyRunning) { try server.start() }
                let port = try #require(server.boundPort)
                let client = try RawHTTPClient(port: port)
                try client.write(requestHead("GET", "/round/\(round)"))
                #expect(try client.readResponse()["X-Path"] == "/round/\(round)")
                server.stop()
                server.stop()  // a second stop does nothing
                #expect(server.boundPort == nil)
            }
            for _ in 0..<5 {
                try await withServer { _, port in
                    let client = try RawHTTPClient(port: port)
                    try client.write(requestHead("GET", "/fresh"))
                    #expect(try client.readResponse().status == 200)
                }
            }
        }

        @Test func invalidConfigurationsAreRefused() throws {
            var configuration = testConfiguration()
            configuration.host = "not-an-address"
            let badHost = HTTPServer(configuration: configuration, responder: EchoResponder())
            #expect(throws: HTTPServerError.self) { try badHost.start() }
            configuration = testConfiguration()
            configuration.port = 70_000
            #expect(throws: HTTPServerError.self) {
                try HTTPServer(configuration: configuration, responder: EchoResponder()).start()
            }
        }

        @Test func aPortInUseFailsToStart() throws {
            let first = HTTPServer(configuration: testConfiguration(), responder: EchoResponder())
            try first.start()
            defer { first.stop() }
            var configuration = testConfiguration()
            configuration.port = try #require(first.boundPort)
            let second = HTTPServer(configuration: configuration, responder: EchoResponder())
            #expect(throws: HTTPServerError.startFailed(host: "127.0.0.1", port: configuration.port)) {
                try second.start()
            }
        }

        @Test func listensOnIPv6Loopback() async throws {
            var configuration = testConfiguration()
            configuration.host = "::1"
            let server = HTTPServer(configuration: configuration, responder: EchoResponder())
            try server.start()
            defer { server.stop() }
            #expect((server.boundPort ?? 0) > 0)
        }
    }
}
