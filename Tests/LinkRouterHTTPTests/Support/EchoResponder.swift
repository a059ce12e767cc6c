import LinkRouterHTTP
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers every request with what it received: the body as the body, the rest in `X-` headers
/// (`X-Query` is `?` and the raw query, or `(none)`).
///
/// `/slow` sleeps two seconds first (and counts itself in `slowEntered`); `/status/N` answers status N.
struct EchoResponder: HTTPResponder {
    static let slowDelayMicroseconds: UInt32 = 2_000_000

    /// Calls to `/slow` that have begun, so a test can wait until one is in the responder.
    let slowEntered = SharedCounter()

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/slow" {
            slowEntered.increment()
            usleep(Self.slowDelayMicroseconds)
        }
        if request.path.hasPrefix("/status/"), let status = Int(request.path.dropFirst("/status/".count)) {
            return HTTPResponse(status: status)
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/octet-stream")
        headers.add("X-Method", request.method.name)
        headers.add("X-Path", request.path)
        headers.add("X-Query", request.query.map { "?" + $0 } ?? "(none)")  // libmicrohttpd drops empty values
        headers.add("X-Body-Length", String(request.body.count))
        headers.add("X-Header-Count", String(request.headers.fields.count))
        if let test = request.headers["x-test"] { headers.add("X-Test", test) }
        return HTTPResponse(status: 200, headers: headers, body: request.body)
    }
}

/// A thread-safe counter a responder and a test can share.
final class SharedCounter: Sendable {
    private let value = Atomic<Int>(0)

    func increment() { value.add(1, ordering: .relaxed) }

    var current: Int { value.load(ordering: .relaxed) }
}
