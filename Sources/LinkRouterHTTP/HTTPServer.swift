import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on libmicrohttpd that hands each complete request to an ``HTTPResponder``.
///
/// It runs `threads` epoll worker threads; the responder is called on them, synchronously, once the
/// whole body has arrived, so a slow responder holds one worker (and the connections that worker
/// has accepted) but not the others. It knows nothing about what it serves. The path and query reach
/// the responder exactly as sent, still percent-encoded. Limits on the target, headers and body are
/// answered with JSON errors (`{"error":{"code":…,"message":…}}`) before the responder is called:
///
/// | request | answer |
/// | --- | --- |
/// | `Content-Length` over `maxBodyBytes` | 413 `body_too_large`, before the body is read; then closed |
/// | chunked body over `maxBodyBytes` | 413 `body_too_large` once the rest is read and dropped; past `maxDiscardBytes` more, closed unanswered |
/// | target over `maxURLBytes` | 414 `url_too_long` |
/// | headers over `maxHeaderBytes` | 431 `headers_too_large` |
/// | two `Content-Length`s, `Content-Length` with `Transfer-Encoding`, a coding other than one `chunked` | 400 `bad_request` |
/// | a field name with a space or tab before its colon | 400 `bad_request`; then closed |
/// | HTTP/1.1 without exactly one `Host`; a target with spaces, controls or invalid UTF-8 | 400 `bad_request` |
///
/// libmicrohttpd answers some requests itself, with a small HTML body, before this server sees them:
/// a request line that does not fit in `connectionMemoryLimit` gets 414, headers that do not fit get
/// 431, a `Content-Length` that is not a number gets 400 and one beyond 64 bits gets 413 (0.9.75 sends
/// the status line and headers of those last two twice), a malformed chunk gets 400.
///
/// Answers: the status (200...999; anything else becomes 500 `internal_error`), the responder's
/// headers, and `Content-Length` and `Date` from libmicrohttpd. libmicrohttpd drops header fields
/// with an empty value or CR/LF in them and a `Content-Length` of the responder's. Connections are kept
/// alive unless the client asks otherwise or an error closes them.
///
/// Never call ``stop()`` from a responder: it waits for the worker threads, one of which is the caller.
public final class HTTPServer: Sendable {
    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let counters = Counters()
    private let state = Mutex(State.idle)

    private enum State {
        case idle
        case running(Running)
        case stopping
    }

    /// What one run owns: the daemon and the retained box its callbacks use.
    private struct Running {
        let daemon: DaemonHandle
        /// +1 from `start()`; released by `stop()` after `MHD_stop_daemon` returns.
        let box: Unmanaged<Box>
    }

    public init(configuration: Configuration = Configuration(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    deinit {
        stop()
    }

    /// The port the server listens on while running (the kernel's pick when the configuration says 0).
    public var boundPort: Int? {
        state.withLock { state in
            guard case .running(let running) = state else { return nil }
            return running.daemon.port
        }
    }

    /// Requests whose target has arrived and whose answer is not yet fully sent.
    public var requestsInFlight: Int {
        counters.inFlight.load(ordering: .acquiring)
    }

    /// Binds and starts the worker threads. A stopped server may be started again.
    public func start() throws(HTTPServerError) {
        try configuration.validate()
        let address = try BindAddress(host: configuration.host)
        try state.withLock { state throws(HTTPServerError) in
            guard case .idle = state else { throw .alreadyRunning }
            // Retained here for every callback of this run; released in stop(), or just below on failure.
            let box = Unmanaged.passRetained(
                Box(responder: responder, configuration: configuration, counters: counters)
            )
            guard let daemon = Self.startDaemon(configuration, address: address, box: box) else {
                box.release()
                throw .startFailed(host: configuration.host, port: configuration.port)
            }
            state = .running(Running(daemon: daemon, box: box))
        }
    }

    /// Stops cleanly, and returns when no callback can run any more.
    ///
    /// It stops accepting connections, lets requests in flight finish (up to `shutdownGracePeriod`;
    /// their answers carry `Connection: close`), then closes every connection, joins the worker threads
    /// and releases what the callbacks shared. On a server that is not running, or that another call is
    /// already stopping, it returns at once.
    public func stop() {
        // Take the run out under the lock, but stop outside it: MHD_stop_daemon joins the workers.
        let taken: Running? = state.withLock { state in
            guard case .running(let running) = state else { return nil }
            state = .stopping
            return running
        }
        guard let running = taken else { return }
        running.box.takeUnretainedValue().draining.store(true, ordering: .relaxed)
        let listenSocket = running.daemon.quiesce()
        waitForRequestsInFlight()
        running.daemon.stop()
        if listenSocket >= 0 { _ = close(listenSocket) }
        running.box.release()  // balances passRetained in start(); no callback can run any more
        state.withLock { $0 = .idle }
    }

    /// Waits until no request is in flight or the grace period is over, whichever comes first.
    private func waitForRequestsInFlight() {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: configuration.shutdownGracePeriod)
        while counters.inFlight.load(ordering: .acquiring) > 0 && clock.now < deadline {
            usleep(2_000)
        }
    }
}
