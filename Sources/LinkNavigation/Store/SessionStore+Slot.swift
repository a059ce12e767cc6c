extension SessionStore {
    /// One stored session, kept compact: a million of them are held at once (PERFORMANCE.md §5.1).
    ///
    /// The id lives only in the key (a returned ``Session`` carries the caller's id text), a parked
    /// navigation, which most sessions lack, sits behind one pointer, and the last access is a
    /// millisecond reading of the store's ``TimeSource``: 48 bytes instead of a `Session`'s 104 plus
    /// a 16-byte instant; with its packed id, one 64-byte line of its shard's ``PackedTable``.
    struct Slot {
        var stack: [StackEntry]
        var attributes: SessionAttributes
        var parked: ParkedBox?
        var version: Int
        var nextEntryNumber: Int
        /// ``TimeSource`` milliseconds of the last access.
        var lastAccess: Int64

        @inline(__always)
        init(
            stack: [StackEntry],
            attributes: SessionAttributes,
            parked: ParkedBox?,
            version: Int,
            nextEntryNumber: Int,
            lastAccess: Int64
        ) {
            self.stack = stack
            self.attributes = attributes
            self.parked = parked
            self.version = version
            self.nextEntryNumber = nextEntryNumber
            self.lastAccess = lastAccess
        }

        /// A placeholder for a slot moved out of its table: nothing to count references of.
        static var vacant: Slot {
            Slot(stack: [], attributes: SessionAttributes(), parked: nil, version: 0, nextEntryNumber: 0, lastAccess: 0)
        }

        /// A new session's slot: version 1, an empty stack.
        init(attributes: SessionAttributes, lastAccess: Int64) {
            self.init(
                stack: [],
                attributes: attributes,
                parked: nil,
                version: 1,
                nextEntryNumber: 1,
                lastAccess: lastAccess
            )
        }

        /// The session this slot holds, under `id` (its key).
        @inline(__always)
        func session(id: String) -> Session {
            Session(
                id: id,
                stack: stack,
                attributes: attributes,
                version: version,
                parkedBox: parked,
                nextEntryNumber: nextEntryNumber
            )
        }

        /// Whether the slot has been idle for `ttl` milliseconds or more at `now`.
        @inline(__always)
        func isExpired(at now: Int64, ttl: Int64) -> Bool {
            now &- lastAccess >= ttl
        }
    }

}
