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

        /// The session this slot holds, under `id`, with the slot's attributes moved into it (the
        /// slot is left with none until ``absorb(_:attributesChanged:)`` or a restore puts them back).
        @inline(__always)
        mutating func lendSession(id: String) -> Session {
            var lent = SessionAttributes()
            swap(&lent, &attributes)
            return Session(
                id: id,
                stack: stack,
                attributes: lent,
                version: version,
                parkedBox: parked,
                nextEntryNumber: nextEntryNumber
            )
        }

        /// Takes back the session lent by ``lendSession(id:)``: its attributes, and whatever else it
        /// changed (its version aside, the store's to set).
        /// - Returns: Whether anything differed.
        @inline(__always)
        mutating func absorb(_ session: consuming Session, attributesChanged: Bool) -> Bool {
            var changed = attributesChanged
            swap(&attributes, &session.attributes)
            if session.nextEntryNumber != nextEntryNumber {
                nextEntryNumber = session.nextEntryNumber
                changed = true
            }
            // An untouched stack is the very buffer the slot holds; only a new one is compared.
            if !session.stack.sharesBuffer(with: stack), session.stack != stack {
                swap(&stack, &session.stack)
                changed = true
            }
            // Most updates leave the parked navigation alone: the same box (or none) on both sides.
            if session.parkedBox !== parked {
                if !ParkedBox.same(session.parkedBox, parked) { changed = true }
                swap(&parked, &session.parkedBox)
            }
            return changed
        }

        /// Whether the slot has been idle for `ttl` milliseconds or more at `now`.
        @inline(__always)
        func isExpired(at now: Int64, ttl: Int64) -> Bool {
            now &- lastAccess >= ttl
        }
    }

}
