private import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer {
    /// A running `struct MHD_Daemon *` and the port it is bound to.
    ///
    /// `@unchecked Sendable` the way Hummingbird's `UnsafeTransfer` is: the pointer is opaque, and the
    /// only calls made with it (`MHD_quiesce_daemon`, `MHD_stop_daemon`) may come from any thread.
    /// ``HTTPServer``'s state machine hands it to exactly one `stop()`, so it is stopped once.
    struct DaemonHandle: @unchecked Sendable {
        let pointer: OpaquePointer
        let port: Int

        /// Stops accepting connections; requests on open connections go on. Returns the listening socket,
        /// which must stay open until ``stop()`` has returned and then be closed by the caller, or -1.
        func quiesce() -> Int32 {
            MHD_quiesce_daemon(pointer)
        }

        /// Closes every connection (request-completed runs for each request still open) and joins the
        /// worker threads. No callback runs after it returns.
        func stop() {
            MHD_stop_daemon(pointer)
        }
    }
}
