import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on libmicrohttpd that hands each complete request to an ``HTTPResponder``.
///
/// It runs `threads` epoll worker threads; the responder is called on them, synchronously, once the
/// whole body has arrived. It knows nothing about what it serves. Limits on the target, headers and
/// body are answered with JSON errors before the responder is called:
///
/// | limit | answer |
/// | --- | --- |
/// | `Content-Length` over `maxBodyBytes` | 413 `body_too_large`, before the body is read |
/// | chunked body over `maxBodyBytes` | 413 `body_too_large`, after reading and dropping the rest |
/// | target over `maxURLBytes` | 414 `url_too_long` |
/// | headers over `maxHeaderBytes` | 431 `headers_too_large` |
/// | two `Content-Length`s, `Content-Length` with `Transfer-Encoding`, a coding other than `chunked` | 400 `bad_request` |
///
/// A request line or headers that do not fit in `connectionMemoryLimit` are answered by libmicrohttpd
/// itself: 414 (request line) or 431 (headers), with its own small HTML body.
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
    /// and releases what the callbacks shared. Calling it on a server that is not running does nothing.
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
