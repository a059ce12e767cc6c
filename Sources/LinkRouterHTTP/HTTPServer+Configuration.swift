#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer {
    /// Where to listen and the limits every request is held to.
    ///
    /// Limits on the request target and headers are answered with JSON errors (414, 431) as long as
    /// the request fits in ``connectionMemoryLimit``; beyond that libmicrohttpd answers 414 or 431 itself,
    /// with its own small HTML body, before this server sees the request.
    public struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address to bind, or `localhost`. `0.0.0.0` and `::` mean every interface.
        public var host: String
        /// The TCP port; 0 asks the kernel for a free one (see ``HTTPServer/boundPort``).
        public var port: Int
        /// Worker threads, each with its own epoll loop. A slow responder holds one of them.
        public var threads: Int
        /// The most connections open at once; 0 keeps libmicrohttpd's default.
        public var connectionLimit: Int
        /// The most connections open at once from one client address; 0 means no limit. Leave it at 0
        /// behind a reverse proxy, where every connection comes from the proxy's address.
        public var perIPConnectionLimit: Int
        /// Seconds a connection may stay idle before it is closed; 0 means never.
        public var connectionTimeout: Int
        /// Bytes libmicrohttpd may use per connection for the request line, headers and I/O buffers.
        /// Keep it well above `maxURLBytes + maxHeaderBytes`, so that those limits, not this one, decide.
        public var connectionMemoryLimit: Int
        /// The largest request body accepted; larger ones get 413 `body_too_large`.
        public var maxBodyBytes: Int
        /// Bytes of an oversized chunked body read and dropped so that the 413 can still be sent; a client
        /// that sends more is disconnected without an answer.
        public var maxDiscardBytes: Int
        /// The longest request target (path and query) accepted; longer ones get 414 `url_too_long`.
        public var maxURLBytes: Int
        /// The most header bytes (names, values and separators) accepted; more get 431 `headers_too_large`.
        public var maxHeaderBytes: Int
        /// How long ``HTTPServer/stop()`` waits for requests in flight before closing their connections.
        public var shutdownGracePeriod: Duration
        /// Receives libmicrohttpd's own diagnostics (one line each); `nil` drops them.
        public var errorLog: (@Sendable (String) -> Void)?

        public init(
            host: String = "0.0.0.0",
            port: Int = 0,
            threads: Int = Configuration.defaultThreads,
            connectionLimit: Int = 1000,
            perIPConnectionLimit: Int = 0,
            connectionTimeout: Int = 10,
            connectionMemoryLimit: Int = 32 * 1024,
            maxBodyBytes: Int = 64 * 1024,
            maxDiscardBytes: Int = 1024 * 1024,
            maxURLBytes: Int = 8 * 1024,
            maxHeaderBytes: Int = 8 * 1024,
            shutdownGracePeriod: Duration = .seconds(10),
            errorLog: (@Sendable (String) -> Void)? = nil
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.connectionTimeout = connectionTimeout
            self.connectionMemoryLimit = connectionMemoryLimit
            self.maxBodyBytes = maxBodyBytes
            self.maxDiscardBytes = maxDiscardBytes
            self.maxURLBytes = maxURLBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.shutdownGracePeriod = shutdownGracePeriod
            self.errorLog = errorLog
        }

        /// The number of online cores, at least 1.
        public static var defaultThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

        /// Throws ``HTTPServerError/invalidConfiguration(_:)`` for values libmicrohttpd cannot take.
        func validate() throws(HTTPServerError) {
            func check(_ ok: Bool, _ message: String) throws(HTTPServerError) {
                if !ok { throw .invalidConfiguration(message) }
            }
            try check((0...65535).contains(port), "port \(port) is not in 0...65535")
            try check((1...1024).contains(threads), "threads must be in 1...1024, not \(threads)")
            try check((0...Int(UInt32.max)).contains(connectionLimit), "connectionLimit is out of range")
            try check((0...Int(UInt32.max)).contains(perIPConnectionLimit), "perIPConnectionLimit is out of range")
            try check((0...Int(UInt32.max)).contains(connectionTimeout), "connectionTimeout is out of range")
            try check(connectionMemoryLimit >= 4096, "connectionMemoryLimit must be at least 4096 bytes")
            try check(maxBodyBytes >= 0, "maxBodyBytes must not be negative")
            try check(maxDiscardBytes >= 0, "maxDiscardBytes must not be negative")
            try check(maxURLBytes > 0, "maxURLBytes must be positive")
            try check(maxHeaderBytes > 0, "maxHeaderBytes must be positive")
            try check(shutdownGracePeriod >= .zero, "shutdownGracePeriod must not be negative")
            _ = try BindAddress(host: host)
        }
    }
}
