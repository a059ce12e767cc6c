extension SessionStore {
    /// One stored session, kept compact: a million of them are held at once (PERFORMANCE.md §5.1).
    ///
    /// The id lives only in the key (a returned ``Session`` carries the caller's id text), a parked
    /// navigation, which most sessions lack, sits behind one pointer, and the last access is a
    /// millisecond reading of the store's ``TimeSource``: 48 bytes instead of a `Session`'s 104 plus
    /// a 16-byte instant.
    struct Slot {
        var stack: [StackEntry]
        var attributes: [String: AttributeValue]
        var parked: ParkedBox?
        var version: Int
        var nextEntryNumber: Int
        /// ``TimeSource`` milliseconds of the last access.
        var lastAccess: Int64

        @inline(__always)
        init(
            stack: [StackEntry],
            attributes: [String: AttributeValue],
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

        /// A new session's slot: version 1, an empty stack.
        init(attributes: [String: AttributeValue], lastAccess: Int64) {
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
            guard let parked else {
                return Session(
                    id: id,
                    stack: stack,
                    attributes: attributes,
                    version: version,
                    nextEntryNumber: nextEntryNumber
                )
            }
            return Session(
                id: id,
                stack: stack,
                attributes: attributes,
                version: version,
                parked: parked.value,
                nextEntryNumber: nextEntryNumber
            )
        }

        /// Whether `session` differs from this slot in anything but its version (the store's to set).
        @inline(__always)
        func differs(from session: Session) -> Bool {
            if session.nextEntryNumber != nextEntryNumber || session.stack != stack
                || session.attributes != attributes
            {
                return true
            }
            guard let parked else { return session.parked != nil }
            return session.parked != parked.value
        }

        /// Whether the slot has been idle for `ttl` milliseconds or more at `now`.
        @inline(__always)
        func isExpired(at now: Int64, ttl: Int64) -> Bool {
            now &- lastAccess >= ttl
        }
    }

    /// A parked navigation, boxed so that the slots of sessions without one stay small.
    final class ParkedBox: Sendable {
        let value: ParkedNavigation

        init(_ value: ParkedNavigation) { self.value = value }

        /// `parked` boxed, reusing `existing` when it holds an equal value.
        static func box(_ parked: ParkedNavigation?, reusing existing: ParkedBox?) -> ParkedBox? {
            guard let parked else { return nil }
            if let existing, existing.value == parked { return existing }
            return ParkedBox(parked)
        }
    }

    /// The sessions of one shard, by the kind of their key.
    struct Slots {
        var packed: [PackedID: Slot] = [:]
        var text: [String: Slot] = [:]

        /// Runs `body` on the slot of `key` (`nil` when absent): what it leaves there is stored, and
        /// setting `nil` removes the session. One hash lookup, and the slot is moved, not copied.
        @inline(__always)
        mutating func withSlot<R, E: Error>(_ key: SessionKey, _ body: (inout Slot?) throws(E) -> R) throws(E) -> R {
            switch key {
            case .packed(let id): try body(&packed[id])
            case .text(let id): try body(&text[id])
            }
        }

        /// Removes the slots idle for `ttl` or more at `now`.
        /// - Returns: How many were removed, and the oldest last access among those kept (`now` if none).
        mutating func removeExpired(now: Int64, ttl: Int64) -> (removed: Int, oldestAccess: Int64) {
            let packed = Self.removeExpired(from: &packed, now: now, ttl: ttl)
            let text = Self.removeExpired(from: &text, now: now, ttl: ttl)
            return (packed.removed + text.removed, min(packed.oldestAccess, text.oldestAccess))
        }

        private static func removeExpired<Key>(
            from slots: inout [Key: Slot],
            now: Int64,
            ttl: Int64
        ) -> (removed: Int, oldestAccess: Int64) {
            var expired: [Key] = []
            var oldestAccess = now
            for (key, slot) in slots {
                if slot.isExpired(at: now, ttl: ttl) {
                    expired.append(key)
                } else {
                    oldestAccess = min(oldestAccess, slot.lastAccess)
                }
            }
            for key in expired { slots.removeValue(forKey: key) }
            return (expired.count, oldestAccess)
        }
    }
}
