extension SessionStore {
    /// The sessions of one shard, by the kind of their key.
    struct Slots: ~Copyable {
        var packed: PackedTable<MintedIDHasher>
        var text: [TextSessionKey: Slot] = [:]

        init(hasher: MintedIDHasher) {
            packed = PackedTable(hasher: hasher)
        }

        /// Runs `body` in place on the slot of `key` if it is live at `now`; removes it if it has
        /// been idle for `ttl`.
        /// - Parameters:
        ///   - id: The key's text, read only when the packed table does not hold the key: a packed key
        ///     the store did not mint is in the text dictionary. A function, so that the caller can
        ///     move its id into the session `body` lends instead of copying it.
        ///   - hash: The key's ``SessionStore/Located/hash``.
        ///   - expired: Set when an expired slot was removed.
        /// - Returns: What `body` returned, or `nil` when there is no live slot (`body` did not run).
        @inline(__always)
        mutating func withLiveSlot<R, E: Error>(
            _ key: SessionKey,
            id: () -> String,
            hash: UInt64,
            now: Int64,
            ttl: Int64,
            expired: inout Bool,
            _ body: (inout Slot) throws(E) -> R
        ) throws(E) -> R? {
            if case .packed(let bits) = key, let (position, bucket) = packed.find(bits, hash: hash) {
                if packed.withSlot(at: position, { $0.isExpired(at: now, ttl: ttl) }) {
                    packed.remove(position: position, bucket: bucket)
                    expired = true
                    return nil
                }
                return try packed.withSlot(at: position, body)
            }
            // A client-chosen id, in any form. One hash lookup: the slot is then reached by its index.
            guard !text.isEmpty, let index = text.index(forKey: TextSessionKey(id())) else { return nil }
            // Read and changed through the in-place accessor, once: the values' getter copies the whole
            // slot out, its stack, attributes and parked box retained and released for a look at one
            // number, and each access in place checks that the dictionary's storage is unique.
            guard let result = try Self.ifLive(&text.values[index], at: now, ttl: ttl, body) else {
                text.remove(at: index)
                expired = true
                return nil
            }
            return result
        }

        /// What `body` returns for `slot`, or `nil` without running it when the slot has been idle for
        /// `ttl` at `now`.
        @inline(__always)
        private static func ifLive<R, E: Error>(
            _ slot: inout Slot,
            at now: Int64,
            ttl: Int64,
            _ body: (inout Slot) throws(E) -> R
        ) throws(E) -> R? {
            if slot.isExpired(at: now, ttl: ttl) { return nil }
            return try body(&slot)
        }

        /// Runs `body` on the slot of `key` (`nil` when absent): what it leaves there is stored, and
        /// setting `nil` removes the session. One lookup, and the slot is moved, not copied. A slot
        /// `body` creates goes into the text dictionary: only ``SessionStore/create(attributes:)``
        /// puts sessions in the packed table.
        /// - Parameters:
        ///   - id: The key's text.
        ///   - hash: The key's ``SessionStore/Located/hash``.
        @inline(__always)
        mutating func withSlot<R>(_ key: SessionKey, id: String, hash: UInt64, _ body: (inout Slot?) -> R) -> R {
            guard case .packed(let bits) = key, let (position, bucket) = packed.find(bits, hash: hash) else {
                return body(&text[TextSessionKey(id)])
            }
            var current: Slot? = packed.withSlot(at: position) { slot in
                var taken = Slot.vacant
                swap(&taken, &slot)
                return taken
            }
            let result = body(&current)
            if let current {
                packed.withSlot(at: position) { $0 = current }
            } else {
                packed.remove(position: position, bucket: bucket)
            }
            return result
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
            var expired: [TextSessionKey] = []
            for (key, slot) in text where isExpired(slot) { expired.append(key) }
            for key in expired { text.removeValue(forKey: key) }
            removed += expired.count
            return (removed, oldestAccess)
        }
    }
}
