extension SessionStore {
    /// The sessions of one shard whose ids are in the store's own format: dense 64-byte entries (id
    /// and slot, one cache line: ``AlignedEntries``) and an open-addressing index of 8-byte words
    /// into them.
    ///
    /// A lookup reads one index word (linear probing, at most 3/4 full) and one entry. The index word
    /// is the low 32 bits of the id's ``MintedIDHasher`` hash, which also place it (so growing never hashes
    /// again), and the entry's position plus 1; 0 marks a free bucket. Removal shifts the following
    /// words of the cluster back (no tombstones) and moves the last entry into the hole.
    struct PackedTable<Hasher: PackedIDHashing>: ~Copyable {
        /// The hash the caller passes to ``find(_:hash:)`` and ``insert(_:hash:_:)``: removal hashes the
        /// id of the entry it moves.
        let hasher: Hasher
        private var entries = AlignedEntries()
        /// A power of two words, or none before the first insertion.
        private(set) var index: [UInt64] = []

        init(hasher: Hasher) {
            self.hasher = hasher
        }

        /// Where `id` is: its entry's position and its index bucket, or `nil`.
        /// - Parameter hash: `hasher.hash(id)`.
        @inline(__always)
        func find(_ id: PackedID, hash: UInt64) -> (position: Int, bucket: Int)? {
            let mask = index.count &- 1
            guard mask >= 0 else { return nil }
            let tag = hash & 0xFFFF_FFFF
            var bucket = Int(truncatingIfNeeded: hash) & mask
            while true {
                let word = index[bucket]
                if word == 0 { return nil }
                if word >> 32 == tag {
                    let position = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) &- 1
                    if entries.id(at: position) == id { return (position, bucket) }
                }
                bucket = (bucket &+ 1) & mask
            }
        }

        /// Runs `body` on the slot at `position`, in place.
        @inline(__always)
        mutating func withSlot<R, E: Error>(at position: Int, _ body: (inout Slot) throws(E) -> R) throws(E) -> R {
            try entries.withSlot(at: position, body)
        }

        /// How many sessions the table holds.
        var count: Int { entries.count }

        /// Whether every entry starts a cache line (tests).
        var entriesAreLineAligned: Bool { entries.isLineAligned }

        /// A copy of the slot at `position`.
        func slot(at position: Int) -> Slot {
            entries.slot(at: position)
        }

        /// Adds a session whose id is not in the table.
        mutating func insert(_ id: PackedID, hash: UInt64, _ slot: Slot) {
            // Positions are 32-bit in the index: 4 billion sessions in one shard is far past any memory.
            precondition(entries.count < Int(UInt32.max), "a shard holds at most 2^32 - 1 sessions")
            if (entries.count + 1) * 4 > index.count * 3 { grow() }
            entries.append(PackedEntry(id: id, slot: slot))
            place((hash & 0xFFFF_FFFF) << 32 | UInt64(entries.count))
        }

        /// Removes the entry at `position`, whose index word is in `bucket`, and returns its slot.
        @discardableResult
        mutating func remove(position: Int, bucket: Int) -> Slot {
            vacate(bucket)
            let last = entries.count - 1
            if position != last {
                // The last entry fills the hole: its index word now points at `position`.
                let moved = entries.id(at: last)
                let movedHash = hasher.hash(moved)
                // Always found: every entry has its word.
                if let (_, movedBucket) = find(moved, hash: movedHash) {
                    index[movedBucket] = (movedHash & 0xFFFF_FFFF) << 32 | UInt64(position + 1)
                }
            }
            return entries.remove(at: position).slot
        }

        /// Removes the entries `isRemoved` picks.
        /// - Returns: How many were removed.
        mutating func removeAll(where isRemoved: (Slot) -> Bool) -> Int {
            var removed = 0
            // From the end: the entry moved into a hole has been looked at already.
            var position = entries.count - 1
            while position >= 0 {
                let id = entries.id(at: position)
                if isRemoved(entries.slot(at: position)),
                    let (_, bucket) = find(id, hash: hasher.hash(id))
                {
                    remove(position: position, bucket: bucket)
                    removed += 1
                }
                position -= 1
            }
            return removed
        }

        /// Puts `word` in the first free bucket from its home bucket.
        private mutating func place(_ word: UInt64) {
            let mask = index.count - 1
            var bucket = Int(truncatingIfNeeded: word >> 32) & mask
            while index[bucket] != 0 { bucket = (bucket + 1) & mask }
            index[bucket] = word
        }

        /// Frees `bucket`, shifting back the words after it that probing could no longer reach.
        private mutating func vacate(_ bucket: Int) {
            let mask = index.count - 1
            var hole = bucket
            var next = (bucket + 1) & mask
            while index[next] != 0 {
                let home = Int(truncatingIfNeeded: index[next] >> 32) & mask
                // The word may move to the hole if the hole is between its home and where it sits.
                if (next - home) & mask >= (next - hole) & mask {
                    index[hole] = index[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            index[hole] = 0
        }

        /// Doubles the index (16 buckets at first) and places every word again.
        private mutating func grow() {
            let old = index
            index = [UInt64](repeating: 0, count: max(16, old.count * 2))
            for word in old where word != 0 { place(word) }
        }
    }
}

/// How a ``SessionStore/PackedTable`` hashes ids: ``MintedIDHasher`` and ``ShortIDHasher`` in the
/// store, colliding ones in tests.
protocol PackedIDHashing: Sendable {
    func hash(_ id: PackedID) -> UInt64
}

extension MintedIDHasher: KeyedIDHashing {}
