#if os(Linux)
import Glibc
#endif

/// `__tsan_acquire` and `__tsan_release` from ThreadSanitizer's interface, looked up at run time so
/// that the modules build the same with or without the sanitizer; `nil` in a process without it.
///
/// On Linux, `Synchronization.Mutex` hands a contended lock over inside the kernel (a
/// priority-inheritance futex), which ThreadSanitizer does not see: a bare `Mutex` taken by several
/// threads at once gets "Swift access race" reports (Swift 6.3.1) although every access is under
/// the lock. A lock's holder calls ``acquire`` on some address of the lock's after taking it and
/// ``release`` on the same address before letting it go, which tells the sanitizer what the lock
/// orders. Callers copy the hooks next to their lock: a static property costs a `swift_once` check
/// on every read.
public enum ThreadSanitizerHooks {
    public typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    public static let acquire = hook("__tsan_acquire")
    public static let release = hook("__tsan_release")

    private static func hook(_ name: String) -> Hook? {
        #if os(Linux)
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
        #else
        return nil  // elsewhere `Mutex` is a lock ThreadSanitizer knows (`os_unfair_lock`, SRWLOCK)
        #endif
    }
}
