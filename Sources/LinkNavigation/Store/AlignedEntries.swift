extension SessionStore {
    /// One session of a ``PackedTable``: its id and its slot, 64 bytes.
    struct PackedEntry {
        let id: PackedID
        var slot: Slot
    }

    /// The entries of a ``PackedTable``, densely packed in memory aligned to 64 bytes, so that an
    /// entry is exactly one cache line.
    ///
    /// A Swift array puts its elements 32 bytes into a 16-byte-aligned block: a 64-byte entry there
    /// spans two lines, one more cache miss per lookup. Non-copyable, so the buffer has one owner;
    /// every position is checked against ``count``. Sendable as an array is: the only owner of its
    /// buffer moves with it.
    struct AlignedEntries: ~Copyable, @unchecked Sendable {
        private var base: UnsafeMutablePointer<PackedEntry>
        private(set) var count = 0
        private var capacity: Int

        init() {
            capacity = 0
            base = Self.allocate(capacity: 0)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        private static func allocate(capacity: Int) -> UnsafeMutablePointer<PackedEntry> {
            let stride = MemoryLayout<PackedEntry>.stride
            return UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1) * stride, alignment: 64)
                .bindMemory(to: PackedEntry.self, capacity: max(capacity, 1))
        }

        /// Whether every entry starts a cache line (tests).
        var isLineAligned: Bool {
            Int(bitPattern: base) % 64 == 0 && MemoryLayout<PackedEntry>.stride == 64
        }

        /// The id of the entry at `position`.
        @inline(__always)
        func id(at position: Int) -> PackedID {
            precondition(position >= 0 && position < count, "entry position out of range")
            return base[position].id
        }

        /// A copy of the slot of the entry at `position`.
        func slot(at position: Int) -> Slot {
            precondition(position >= 0 && position < count, "entry position out of range")
            return base[position].slot
        }

        /// Runs `body` on the slot of the entry at `position`, in place.
        @inline(__always)
        mutating func withSlot<R, E: Error>(at position: Int, _ body: (inout Slot) throws(E) -> R) throws(E) -> R {
            precondition(position >= 0 && position < count, "entry position out of range")
            return try body(&base[position].slot)
        }

        /// Adds `entry` at position ``count``, doubling the buffer (16 entries at first) when full.
        mutating func append(_ entry: PackedEntry) {
            if count == capacity {
                let grown = max(16, capacity * 2)
                let moved = Self.allocate(capacity: grown)
                moved.moveInitialize(from: base, count: count)
                base.deallocate()
                base = moved
                capacity = grown
            }
            (base + count).initialize(to: entry)
            count += 1
        }

        /// Removes the entry at `position` and moves the last entry into its place.
        /// - Returns: The removed entry.
        mutating func remove(at position: Int) -> PackedEntry {
            precondition(position >= 0 && position < count, "entry position out of range")
            let removed = (base + position).move()
            count -= 1
            if position != count { (base + position).moveInitialize(from: base + count, count: 1) }
            return removed
        }
    }
}
