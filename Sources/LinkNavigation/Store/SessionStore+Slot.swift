extension SessionStore {
    /// One stored session, kept compact: a million of them are held at once (PERFORMANCE.md §5.1).
    ///
    /// The id lives only in the key (a returned ``Session`` carries the caller's id text), a parked
    /// navigation, which most sessions lack, sits behind one pointer, and the last access is a
    /// millisecond reading of the store's ``TimeSource``: 48 bytes instead of a `Session`'s 104 plus
    /// a 16-byte instant; with its packed id, one 64-byte line of its shard's ``PackedTable``.
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

        /// A placeholder for a slot moved out of its table: nothing to count references of.
        static var vacant: Slot {
            Slot(stack: [], attributes: [:], parked: nil, version: 0, nextEntryNumber: 0, lastAccess: 0)
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

        /// Takes what `session` changed (its version aside, the store's to set).
        /// - Returns: Whether anything differed.
        @inline(__always)
        mutating func absorb(_ session: Session) -> Bool {
            var changed = false
            if session.nextEntryNumber != nextEntryNumber {
                nextEntryNumber = session.nextEntryNumber
                changed = true
            }
            // `==` on arrays first checks whether both share one buffer, as an untouched field does.
            if session.stack != stack {
                stack = session.stack
                changed = true
            }
            if !Self.same(session.attributes, attributes) {
                attributes = session.attributes
                changed = true
            }
            if session.parked != parked?.value {
                parked = session.parked.map(ParkedBox.init)
                changed = true
            }
            return changed
        }

        /// Whether two attribute maps are equal, without hashing when one is a copy of the other
        /// with values changed in place: a copy keeps the bucket order, so walking both side by side
        /// decides unless the keys fall out of step.
        @inline(__always)
        static func same(_ lhs: [String: AttributeValue], _ rhs: [String: AttributeValue]) -> Bool {
            guard lhs.count == rhs.count else { return false }
            for (left, right) in zip(lhs, rhs) {
                // The same key on both sides: a different value settles it.
                guard left.key == right.key else { return lhs == rhs }
                if left.value != right.value { return false }
            }
            return true
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
    }

    /// The sessions of one shard, by the kind of their key.
    struct Slots {
        var packed: PackedTable<IDHasher>
        var text: [String: Slot] = [:]

        init(hasher: IDHasher) {
            packed = PackedTable(hasher: hasher)
        }

        /// Runs `body` on the slot of `key` (`nil` when absent): what it leaves there is stored, and
        /// setting `nil` removes the session. One lookup, and the slot is moved, not copied.
        /// - Parameter hash: The key's ``SessionStore/Located/hash``.
        @inline(__always)
        mutating func withSlot<R, E: Error>(
            _ key: SessionKey,
            hash: UInt64,
            _ body: (inout Slot?) throws(E) -> R
        ) throws(E) -> R {
            switch key {
            case .packed(let id):
                guard let (position, bucket) = packed.find(id, hash: hash) else {
                    var created: Slot?
                    let result = try body(&created)
                    if let created { packed.insert(id, hash: hash, created) }
                    return result
                }
                var current: Slot? = packed.withSlot(at: position) { slot in
                    var taken = Slot.vacant
                    swap(&taken, &slot)
                    return taken
                }
                let result: Result<R, E>
                do {
                    result = .success(try body(&current))
                } catch {
                    result = .failure(error)
                }
                if let current {
                    packed.withSlot(at: position) { $0 = current }
                } else {
                    packed.remove(position: position, bucket: bucket)
                }
                return try result.get()
            case .text(let id):
                return try body(&text[id])
            }
        }

        /// Removes the slots idle for `ttl` or more at `now`.
        /// - Returns: How many were removed, and the oldest last access among those kept (`now` if none).
        mutating func removeExpired(now: Int64, ttl: Int64) -> (removed: Int, oldestAccess: Int64) {
            var oldestAccess = now
            let isExpired = { (slot: Slot) -> Bool in
                if slot.isExpired(at: now, ttl: ttl) { return true }
                oldestAccess = min(oldestAccess, slot.lastAccess)
                return false
            }
            var removed = packed.removeAll(where: isExpired)
            var expired: [String] = []
            for (key, slot) in text where isExpired(slot) { expired.append(key) }
            for key in expired { text.removeValue(forKey: key) }
            removed += expired.count
            return (removed, oldestAccess)
        }
    }
}
