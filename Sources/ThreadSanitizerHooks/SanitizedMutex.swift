public import Synchronization

/// A `Mutex` whose holder tells ThreadSanitizer, when the process runs under it, that the lock
/// orders the accesses to the value (see ``ThreadSanitizerHooks``): for a lock several threads take
/// at once.
public final class SanitizedMutex<Value: Sendable>: Sendable {
    @usableFromInline let mutex: Mutex<Value>
    /// The hooks, copied here: `nil` outside the sanitizer.
    @usableFromInline let acquireHook = ThreadSanitizerHooks.acquire
    @usableFromInline let releaseHook = ThreadSanitizerHooks.release

    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` on the value with the lock held.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in
            let address = Unmanaged.passUnretained(self).toOpaque()
            acquireHook?(address)
            defer { releaseHook?(address) }
            return body(&value)
        }
    }
}
