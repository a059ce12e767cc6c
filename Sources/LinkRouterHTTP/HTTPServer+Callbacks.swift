private import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C entry points libmicrohttpd calls on its worker threads, and the start that installs them.
//
// They are `static let` closures in this library module, never in main.swift or actor-isolated code:
// a closure formed there inherits main-actor isolation and traps on the first request (ARCHITECTURE §6,
// pitfall 1). None can capture; each gets the server's `Box` through its `cls` pointer.

extension HTTPServer {
    /// Starts libmicrohttpd with epoll worker threads and this module's callbacks, all with `box` as closure.
    /// Returns `nil` when libmicrohttpd refuses (address in use, out of descriptors); it logs why.
    static func startDaemon(
        _ configuration: Configuration,
        address: BindAddress,
        box: Unmanaged<Box>
    ) -> DaemonHandle? {
        let cls = box.toOpaque()
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue
        if configuration.errorLog != nil { flags |= MHD_USE_ERROR_LOG.rawValue }
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let port = UInt16(configuration.port)
        let daemon = address.withSockAddr(port: port) { sockAddr in
            var options = cmhd_options(
                flags: UInt32(flags),
                bind_address: sockAddr,
                port: port,
                thread_pool_size: UInt32(configuration.threads),
                connection_limit: UInt32(configuration.connectionLimit),
                per_ip_connection_limit: UInt32(configuration.perIPConnectionLimit),
                connection_timeout_s: UInt32(configuration.connectionTimeout),
                connection_memory_limit: configuration.connectionMemoryLimit,
                // 0, not 1: with 1, libmicrohttpd 0.9.75 answers a missing Host with its status line and
                // headers sent twice (it overwrites the error state); the Swift side checks Host instead.
                strict_for_client: 0,
                logger: logMessage,
                logger_cls: cls,
                uri_log: uriLog,
                uri_log_cls: cls,
                unescape: identityUnescape,
                unescape_cls: nil,
                completed: requestCompleted,
                completed_cls: cls,
                notify_connection: connectionChanged,
                notify_connection_cls: cls
            )
            return cmhd_start(&options, accessHandler, cls)
        }
        guard let daemon else { return nil }
        return DaemonHandle(pointer: daemon, port: Int(cmhd_bound_port(daemon)))
    }

    /// Access handler: called after the headers, once per body chunk, and once at the end.
    private static let accessHandler: MHD_AccessHandlerCallback = {
        cls,
        connection,
        url,
        method,
        version,
        uploadData,
        uploadSize,
        requestContext in
        guard let cls, let connection, let url, let method, let uploadSize, let requestContext else { return .NO }
        // Borrowed without a retain and release (two atomic operations): `start()` holds the box
        // until `stop()` has joined this thread.
        let handled = Unmanaged<Box>.fromOpaque(cls)._withUnsafeGuaranteedRef { box in
            box.handle(
                connection: connection,
                method: method,
                version: version,
                url: url,
                uploadData: uploadData,
                uploadSize: uploadSize,
                requestContext: requestContext
            )
        }
        return handled ? .YES : .NO
    }

    /// URI log callback: sees the raw request target before libmicrohttpd splits or unescapes it.
    /// Its return value becomes the request's initial `*req_cls`: a `RequestContext` for a
    /// `RequestAccumulator` (the connection's own, used again), ended by `requestCompleted`
    /// (libmicrohttpd calls that for every request this one saw).
    private static let uriLog: cmhd_uri_log_callback = { cls, uri, connection in
        guard let cls, let uri else { return nil }
        return Unmanaged<Box>.fromOpaque(cls)._withUnsafeGuaranteedRef {
            $0.beginRequest(uri: uri, connection: connection)
        }
    }

    /// Connection callback: a connection's socket context holds one retained `RequestAccumulator`
    /// from its start to its close, which each of its requests in turn uses again, keeping the
    /// buffers it grew. libmicrohttpd calls both ends on the worker thread that serves the connection
    /// (the close possibly once that thread has been joined, at a stop): never beside another of its callbacks.
    private static let connectionChanged: MHD_NotifyConnectionCallback = { _, _, socketContext, change in
        guard let socketContext else { return }
        if change == .CONNECTION_NOTIFY_STARTED {
            socketContext.pointee = Unmanaged.passRetained(RequestAccumulator()).toOpaque()
        } else if let raw = socketContext.pointee {
            socketContext.pointee = nil
            Unmanaged<RequestAccumulator>.fromOpaque(raw).release()
        }
    }

    /// Request-completed callback: ends the request `uriLog` began (`*req_cls`), releasing its
    /// accumulator when the request held its own.
    /// It also runs for requests cut short by errors, timeouts and `MHD_stop_daemon`.
    private static let requestCompleted: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
        guard let cls, let requestContext, let raw = requestContext.pointee else { return }
        requestContext.pointee = nil
        Unmanaged<Box>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.endRequest(raw) }
    }

    /// Unescape callback that changes nothing, so paths and queries reach us still percent-encoded.
    private static let identityUnescape: cmhd_unescape_callback = { _, _, text in
        guard let text else { return 0 }
        return strlen(text)
    }

    /// libmicrohttpd's diagnostics, formatted and passed to `Configuration.errorLog`.
    private static let logMessage: MHD_LogCallback = { cls, format, arguments in
        guard let cls, let format, let arguments else { return }
        guard let sink = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue().errorLog else { return }
        let capacity = 512
        let line = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String in
            guard let base = buffer.baseAddress else { return "" }
            _ = vsnprintf(base, capacity, format, arguments)
            base[capacity - 1] = 0
            return String(cString: base)
        }
        var trimmed = Substring(line)
        while trimmed.last == "\n" { trimmed.removeLast() }
        sink(String(trimmed))
    }
}
