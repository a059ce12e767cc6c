extension SessionStore {
    /// The hashers of a store's packed tables, which growing them and removing from them need.
    struct Hashers {
        let minted: MintedIDHasher
        let short: ShortIDHasher
    }

    /// The sessions of one shard, by the kind of their key.
    ///
    /// 40 bytes, the two tables' 16 first: with the shard's lock after them, a lookup reads one line
    /// of its shard. The hashers stay with the store (``Hashers``), which hands them to what places
    /// entries again (a table's growth and removal).
    struct Slots: ~Copyable {
        /// Ids the store minted.
        var packed = PackedTable<MintedIDHasher>()
        /// Client-chosen ids of up to 16 characters (``SessionKey/short(_:)``).
        var short = PackedTable<ShortIDHasher>()
        /// Longer client-chosen ids, and client-chosen ones in the minted format.
        var text: [TextSessionKey: Slot] = [:]

        init() {}

        /// Runs `body` in place on the slot of `key` if it is live at `now`; removes it if it has
        /// been idle for `ttl`.
        /// - Parameters:
        ///   - id: The key's text, read only when the packed table does not hold the key: a packed key
        ///     the store did not mint is in the text dictionary. A function, so that the caller can
        ///     move its id into the session `body` lends instead of copying it.
        ///   - hash: The key's ``SessionStore/Located/hash``.
        ///   - store: The store, whose ``SessionStore/hashers`` a removal needs.
        ///   - expired: Set when an expired slot was removed.
        /// - Returns: What `body` returned, or `nil` when there is no live slot (`body` did not run).
        @inline(__always)
        mutating func withLiveSlot<R, E: Error>(
            _ key: SessionKey,
            id: () -> String,
            hash: UInt64,
            store: SessionStore,
            now: Int64,
            ttl: Int64,
            expired: inout Bool,
            _ body: (inout Slot) throws(E) -> R
        ) throws(E) -> R? {
            switch key {
            case .packed(let bits):
                if let found = packed.find(bits, hash: hash) {
                    return try Self.ifLive(
                        in: &packed,
                        at: found,
                        hasher: store.hashers.minted,
                        now: now,
                        ttl: ttl,
                        expired: &expired,
                        body
                    )
                }
            case .short(let bits):
                // Never in the dictionary: one probe of this table decides.
                guard let found = short.find(bits, hash: hash) else { return nil }
                return try Self.ifLive(
                    in: &short,
                    at: found,
                    hasher: store.hashers.short,
                    now: now,
                    ttl: ttl,
                    expired: &expired,
                    body
                )
            case .text: break
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

        /// What `body` returns for the slot `found` in `table`, or `nil` without running it when the
        /// slot has been idle for `ttl` at `now`: the slot is then removed and `expired` set.
        @inline(__always)
        private static func ifLive<H: PackedIDHashing, R, E: Error>(
            in table: inout PackedTable<H>,
            at found: Int,
            hasher: H,
            now: Int64,
            ttl: Int64,
            expired: inout Bool,
            _ body: (inout Slot) throws(E) -> R
        ) throws(E) -> R? {
            if table.withSlot(at: found, { $0.isExpired(at: now, ttl: ttl) }) {
                table.remove(position: found, hasher: hasher)
                expired = true
                return nil
            }
            return try table.withSlot(at: found, body)
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
        /// `body` creates goes into the short table for a short key, else into the text dictionary:
        /// only ``SessionStore/create(attributes:)`` puts sessions in the packed table.
        /// - Parameters:
        ///   - id: The key's text.
        ///   - hash: The key's ``SessionStore/Located/hash``.
        ///   - store: The store, whose ``SessionStore/hashers`` a removal needs.
        @inline(__always)
        mutating func withSlot<R>(
            _ key: SessionKey,
            id: String,
            hash: UInt64,
            store: SessionStore,
            _ body: (inout Slot?) -> R
        ) -> R {
            switch key {
            case .packed(let bits):
                if let found = packed.find(bits, hash: hash) {
                    return Self.withSlot(in: &packed, at: found, hasher: store.hashers.minted, body)
                }
            case .short(let bits):
                if let found = short.find(bits, hash: hash) {
                    return Self.withSlot(in: &short, at: found, hasher: store.hashers.short, body)
                }
                var created: Slot?
                let result = body(&created)
                if let created { short.insert(bits, hash: hash, created, hasher: store.hashers.short) }
                return result
            case .text: break
            }
            return body(&text[TextSessionKey(id)])
        }

        /// ``withSlot(_:id:hash:store:_:)`` on the slot `found` in `table`, placed by `hasher`.
        @inline(__always)
        private static func withSlot<H: PackedIDHashing, R>(
            in table: inout PackedTable<H>,
            at found: Int,
            hasher: H,
            _ body: (inout Slot?) -> R
        ) -> R {
            var current: Slot? = table.withSlot(at: found) { slot in
                var taken = Slot.vacant
                swap(&taken, &slot)
                return taken
            }
            let result = body(&current)
            if let current {
                table.withSlot(at: found) { $0 = current }
            } else {
                table.remove(position: found, hasher: hasher)
            }
            return result
        }

        /// Removes the slots idle for `ttl` or more at `now`.
        /// - Returns: How many were removed, and the oldest last access among those kept (`now` if none).
        mutating func removeExpired(now: Int64, ttl: Int64, hashers: Hashers) -> (removed: Int, oldestAccess: Int64) {
            var oldestAccess = now
            let isExpired = { (slot: Slot) -> Bool in
                if slot.isExpired(at: now, ttl: ttl) { return true }
                oldestAccess = min(oldestAccess, slot.lastAccess)
                return false
            }
            var removed =
                packed.removeAll(hasher: hashers.minted, where: isExpired)
                + short.removeAll(hasher: hashers.short, where: isExpired)
            var expired: [TextSessionKey] = []
            for (key, slot) in text where isExpired(slot) { expired.append(key) }
            for key in expired { text.removeValue(forKey: key) }
            removed += expired.count
            return (removed, oldestAccess)
        }
    }
}
