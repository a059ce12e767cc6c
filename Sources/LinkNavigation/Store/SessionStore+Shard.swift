import Synchronization
import ThreadSanitizerHooks

extension SessionStore {
    /// A lock and the sessions whose keys hash to it.
    ///
    /// Shards live side by side in one allocation (``ShardTable``), each starting a 128-byte block,
    /// so that two threads working on different shards do not write to the same cache line, and a
    /// call reaches its shard through a plain pointer: no reference count to raise and drop.
    ///
    /// 64 bytes: the tables' words, the lock and the hooks a lookup reads are one cache line.
    struct Shard: ~Copyable {
        /// Touched only with the lock held. First in the shard: ThreadSanitizer records an access to
        /// the shard through its pointer at the shard's first byte, which must not be the lock's
        /// word (other threads' atomic operations on it would be reported as races with the access).
        var slots: Slots
        /// `Synchronization.Mutex`'s own lock, held through ``lock()`` and ``unlock()`` (the
        /// pointer's) rather than a `withLock` closure: the compiler would not inline an update's
        /// closure, which then took a dozen captures as arguments on the stack.
        fileprivate let handle = _MutexHandle()
        /// ``ThreadSanitizerHooks``, copied here when the store is made: reading them next to the lock
        /// costs a load, where the static properties cost a `swift_once` check on every call.
        fileprivate let acquireHook: ThreadSanitizerHooks.Hook?
        fileprivate let releaseHook: ThreadSanitizerHooks.Hook?

        init() {
            slots = Slots()
            acquireHook = ThreadSanitizerHooks.acquire
            releaseHook = ThreadSanitizerHooks.release
        }
    }

    /// The store's shards in one block of memory, each at a 128-byte boundary.
    final class ShardTable: @unchecked Sendable {
        // Sendable: the pointer and count never change, and each shard's state is behind its lock.
        private let base: UnsafeMutableRawPointer
        let count: Int
        static let stride = (MemoryLayout<Shard>.stride + 127) / 128 * 128

        init(count: Int) {
            self.count = count
            base = UnsafeMutableRawPointer.allocate(byteCount: count * Self.stride, alignment: 128)
            for index in 0..<count {
                (base + index * Self.stride).bindMemory(to: Shard.self, capacity: 1)
                    .initialize(to: Shard())
            }
        }

        deinit {
            for index in 0..<count { self[index].deinitialize(count: 1) }
            base.deallocate()
        }

        /// The shard at `index`, valid while the table lives.
        @inline(__always)
        subscript(index: Int) -> UnsafeMutablePointer<Shard> {
            (base + index * Self.stride).assumingMemoryBound(to: Shard.self)
        }
    }
}

extension UnsafeMutablePointer where Pointee == SessionStore.Shard {
    /// Takes the shard's lock: its sessions (``SessionStore/Shard/slots``) are the caller's until
    /// ``unlock()``, which must follow on every path (a `defer`).
    ///
    /// Also tells ThreadSanitizer, when the process runs under it, that the lock orders the
    /// sessions' accesses (see ``ThreadSanitizerHooks``). Without ThreadSanitizer the hooks are `nil`.
    @inline(__always)
    func lock() {
        pointee.handle.unsafeLock()
        pointee.acquireHook?(UnsafeMutableRawPointer(self))
    }

    /// Releases the lock ``lock()`` took.
    @inline(__always)
    func unlock() {
        pointee.releaseHook?(UnsafeMutableRawPointer(self))
        pointee.handle.unsafeUnlock()
    }

    /// Runs `body` with the shard's lock held.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout SessionStore.Slots) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&pointee.slots)
    }
}
