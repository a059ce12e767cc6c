import Synchronization

#if os(Linux)
import Glibc
#endif

extension SessionStore {
    /// A lock and the sessions whose keys hash to it.
    ///
    /// Padded to two cache lines so that two threads working on different shards do not write to
    /// the same line (each shard is its own heap object).
    final class Shard: Sendable {
        private let slots: Mutex<Slots>
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        init(hasher: IDHasher) {
            slots = Mutex(Slots(hasher: hasher))
        }

        /// Runs `body` with the shard's lock held: the only way to its sessions.
        ///
        /// Also tells ThreadSanitizer, when the process runs under it, that the lock orders the
        /// sessions' accesses. On Linux, `Synchronization.Mutex` hands a contended lock over inside
        /// the kernel (a priority-inheritance futex), which ThreadSanitizer does not see: a bare
        /// `Mutex` hammered by several threads gets "Swift access race" reports (Swift 6.3.1) although
        /// every access is under the lock. Without ThreadSanitizer the hooks are `nil`.
        @inline(__always)
        func withLock<Result, Failure: Error>(
            _ body: (inout Slots) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try slots.withLock { (slots) throws(Failure) -> Result in
                let address = Unmanaged.passUnretained(self).toOpaque()
                ThreadSanitizerHooks.acquire?(address)
                defer { ThreadSanitizerHooks.release?(address) }
                return try body(&slots)
            }
        }
    }
}

/// `__tsan_acquire` and `__tsan_release` from ThreadSanitizer's interface, looked up at run time so
/// that the module builds the same with or without the sanitizer; `nil` in a process without it.
enum ThreadSanitizerHooks {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let acquire = hook("__tsan_acquire")
    static let release = hook("__tsan_release")

    private static func hook(_ name: String) -> Hook? {
        #if os(Linux)
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
        #else
        return nil  // elsewhere `Mutex` is a lock ThreadSanitizer knows (`os_unfair_lock`, SRWLOCK)
        #endif
    }
}
