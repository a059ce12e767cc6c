import LinkRouterHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A configuration for live tests: loopback, an ephemeral port, two workers and short timeouts.
func testConfiguration(
    threads: Int = 2,
    connectionTimeout: Int = 5,
    perIPConnectionLimit: Int = 0,
    maxBodyBytes: Int = 64 * 1024,
    maxDiscardBytes: Int = 1024 * 1024,
    shutdownGracePeriod: Duration = .seconds(2)
) -> HTTPServer.Configuration {
    HTTPServer.Configuration(
        host: "127.0.0.1",
        port: 0,
        threads: threads,
        perIPConnectionLimit: perIPConnectionLimit,
        connectionTimeout: connectionTimeout,
        maxBodyBytes: maxBodyBytes,
        maxDiscardBytes: maxDiscardBytes,
        shutdownGracePeriod: shutdownGracePeriod
    )
}

/// A started server and its port; `stop()` runs when `body` returns or throws.
func withServer<R>(
    _ configuration: HTTPServer.Configuration = testConfiguration(),
    responder: any HTTPResponder = EchoResponder(),
    _ body: (HTTPServer, Int) async throws -> R
) async throws -> R {
    let server = HTTPServer(configuration: configuration, responder: responder)
    try server.start()
    defer { server.stop() }
    guard let port = server.boundPort, port > 0 else { throw RawClientError.malformed("no bound port") }
    return try await body(server, port)
}

/// Polls `condition` every 5 ms for up to `seconds`; returns its last value.
func eventually(within seconds: Double = 3, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    while clock.now < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// A request head as raw text, with `Host` and the given extra header lines.
func requestHead(_ method: String, _ target: String, _ headerLines: [String] = []) -> String {
    (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headerLines).joined(separator: "\r\n") + "\r\n\r\n"
}

/// One chunk of a chunked body.
func chunk(_ text: String) -> String {
    String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n"
}
