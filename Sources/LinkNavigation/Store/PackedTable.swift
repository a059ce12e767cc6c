extension SessionStore {
    /// The sessions of one shard whose ids are in the store's own format: 64-byte entries (id and
    /// slot, one cache line) placed by open addressing in one block (``PackedMemory``).
    ///
    /// A lookup reads the entry in the id's home bucket, and the next ones while they hold other
    /// ids (linear probing, at most 3/4 full); the table's own 16 bytes (the block, the bucket count,
    /// the count) sit in the shard's line beside its lock. Removal shifts the following entries of
    /// the cluster back (no tombstones).
    ///
    /// The table keeps no hasher: the caller hashes for ``find(_:hash:)`` and ``insert(_:hash:_:hasher:)``,
    /// and hands growth and removal the hasher that placed the ids (they hash the ids they move).
    struct PackedTable<Hasher: PackedIDHashing>: ~Copyable, @unchecked Sendable {
        // Sendable as an array is: the block has one owner, which moves with the table.
        /// The buckets; `nil` before the first insertion.
        private var entries: UnsafeMutablePointer<PackedEntry>?
        /// The bucket count: 16, 24, 32, 48, 64... (a power of two or 3/2 of one); 0 before the first
        /// insertion.
        private var buckets: UInt32 = 0
        /// How many entries are held.
        private var held: UInt32 = 0

        init() {}

        deinit {
            if let entries { PackedMemory.release(entries, buckets: Int(buckets)) }
        }

        /// How many sessions the table holds.
        var count: Int { Int(held) }

        /// How many buckets the table has (tests).
        var bucketCount: Int { Int(buckets) }

        /// The home bucket of a hash among `buckets`: its low 32 bits scaled to the count.
        @inline(__always)
        private static func home(_ hash: UInt64, _ buckets: Int) -> Int {
            Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(truncatingIfNeeded: buckets)) >> 32)
        }

        /// Where `id` is: its entry's position (its bucket), or `nil`.
        /// - Parameter hash: The hash of `id` by the hasher the table is used with.
        @inline(__always)
        func find(_ id: PackedID, hash: UInt64) -> Int? {
            // The id 0 is in no entry (a client's id in the minted format can decode to it), and
            // would match a free bucket.
            guard let entries, id != PackedMemory.vacant else { return nil }
            let buckets = Int(truncatingIfNeeded: buckets)
            var bucket = Self.home(hash, buckets)
            while true {
                let found = PackedMemory.id(entries + bucket)
                if found == id { return bucket }
                if found == PackedMemory.vacant { return nil }
                bucket &+= 1
                if bucket == buckets { bucket = 0 }
            }
        }

        /// The entry at `position`, which must hold one.
        @inline(__always)
        private func entry(at position: Int) -> UnsafeMutablePointer<PackedEntry> {
            guard let entries, position >= 0, position < Int(buckets),
                PackedMemory.id(entries + position) != PackedMemory.vacant
            else { preconditionFailure("no entry at this position") }
            return entries + position
        }

        /// Runs `body` on the slot at `position`, in place.
        @inline(__always)
        mutating func withSlot<R, E: Error>(at position: Int, _ body: (inout Slot) throws(E) -> R) throws(E) -> R {
            try body(&entry(at: position).pointee.slot)
        }

        /// A copy of the slot at `position`.
        func slot(at position: Int) -> Slot {
            entry(at: position).pointee.slot
        }

        /// Whether every bucket starts a cache line (tests).
        var entriesAreLineAligned: Bool {
            guard let entries else { return true }
            return Int(bitPattern: entries) % 64 == 0 && MemoryLayout<PackedEntry>.stride == 64
        }

        /// Adds a session whose id (not ``PackedMemory/vacant``) is not in the table.
        /// - Parameters:
        ///   - hash: The hash of `id` by `hasher`.
        ///   - hasher: The hasher that placed the ids: growing places them again.
        mutating func insert(_ id: PackedID, hash: UInt64, _ slot: Slot, hasher: Hasher) {
            precondition(id != PackedMemory.vacant, "the id 0 marks a free bucket")
            if (count + 1) * 4 > bucketCount * 3 { grow(hasher: hasher) }
            guard let entries else { preconditionFailure("the table grew") }
            place(PackedEntry(id: id, slot: slot), hash: hash, in: entries, buckets: Int(buckets))
            held += 1
        }

        /// Removes the entry at `position` and returns its slot.
        /// - Parameter hasher: The hasher that placed the ids: the entries shifted back into the
        ///   hole are placed by their hash.
        @discardableResult
        mutating func remove(position: Int, hasher: Hasher) -> Slot {
            let removed = entry(at: position).move()
            guard let entries else { preconditionFailure("no entry at this position") }
            let buckets = Int(buckets)
            /// How far forward from `from` `to` is, around the end.
            func distance(_ from: Int, _ to: Int) -> Int { to >= from ? to - from : to + buckets - from }
            var hole = position
            var next = position + 1 == buckets ? 0 : position + 1
            while true {
                let id = PackedMemory.id(entries + next)
                if id == PackedMemory.vacant { break }
                let home = Self.home(hasher.hash(id), buckets)
                // The entry may move to the hole if the hole is between its home and where it sits.
                if distance(home, next) >= distance(hole, next) {
                    (entries + hole).moveInitialize(from: entries + next, count: 1)
                    hole = next
                }
                next = next + 1 == buckets ? 0 : next + 1
            }
            PackedMemory.vacate(entries + hole)
            held -= 1
            return removed.slot
        }

        /// Removes the entries `isRemoved` picks; it is asked once about each.
        /// - Parameter hasher: The hasher that placed the ids.
        /// - Returns: How many were removed.
        mutating func removeAll(hasher: Hasher, where isRemoved: (Slot) -> Bool) -> Int {
            guard let entries else { return 0 }
            // Picked first, then removed by id: removal moves entries between buckets.
            var picked: [PackedID] = []
            for bucket in 0..<Int(buckets) {
                let id = PackedMemory.id(entries + bucket)
                if id != PackedMemory.vacant, isRemoved((entries + bucket).pointee.slot) { picked.append(id) }
            }
            for id in picked {
                if let position = find(id, hash: hasher.hash(id)) {
                    remove(position: position, hasher: hasher)
                }
            }
            return picked.count
        }

        /// Moves `entry` into the first free bucket from its home bucket, by `hash`.
        private func place(
            _ entry: consuming PackedEntry,
            hash: UInt64,
            in entries: UnsafeMutablePointer<PackedEntry>,
            buckets: Int
        ) {
            var bucket = Self.home(hash, buckets)
            while PackedMemory.id(entries + bucket) != PackedMemory.vacant {
                bucket = bucket + 1 == buckets ? 0 : bucket + 1
            }
            (entries + bucket).initialize(to: entry)
        }

        /// Grows the buckets (16 at first) and moves every entry over, placed by its hash.
        private mutating func grow(hasher: Hasher) {
            let oldBuckets = bucketCount
            // By half, then by a third: 16, 24, 32, 48... (a million sessions over 64 shards fill
            // 24,576 buckets each, not 32,768).
            let buckets =
                oldBuckets == 0 ? 16 : oldBuckets & (oldBuckets - 1) == 0 ? oldBuckets / 2 * 3 : oldBuckets / 3 * 4
            // Bucket counts are 32-bit.
            precondition(buckets <= Int(UInt32.max), "a shard holds at most 2^32 - 1 buckets")
            let grown = PackedMemory.allocate(buckets: buckets)
            let old = entries
            entries = grown
            self.buckets = UInt32(buckets)
            guard let old else { return }
            for bucket in 0..<oldBuckets {
                let id = PackedMemory.id(old + bucket)
                if id != PackedMemory.vacant {
                    place((old + bucket).move(), hash: hasher.hash(id), in: grown, buckets: buckets)
                }
            }
            UnsafeMutableRawPointer(old).deallocate()
        }
    }
}

/// How a ``SessionStore/PackedTable`` hashes ids: ``MintedIDHasher`` and ``ShortIDHasher`` in the
/// store, colliding ones in tests.
protocol PackedIDHashing: Sendable {
    func hash(_ id: PackedID) -> UInt64
}

extension MintedIDHasher: KeyedIDHashing {}
