extension SessionStore {
    /// One session of a ``PackedTable``: its id and its slot, 64 bytes.
    struct PackedEntry {
        let id: PackedID
        var slot: Slot
    }

    /// The memory of a ``PackedTable``: one block, aligned to 64 bytes, of 64-byte buckets, each
    /// a cache line. A bucket holds an entry, or only the id 0 (both words):
    /// no session has that id (a short id has a byte that is not 0, and the store mints no 0).
    ///
    /// A Swift array puts its elements 32 bytes into a 16-byte-aligned block: a 64-byte entry there
    /// spans two lines, one more cache miss per lookup; and an array's count is in its header, one
    /// more line to read. Here the table keeps the bucket count itself.
    enum PackedMemory {
        /// The id of a free bucket.
        static let vacant = PackedID(high: 0, low: 0)

        /// A block of `buckets` free buckets. Lifetime: the caller's, until it passes the block to
        /// ``release(_:buckets:)``.
        static func allocate(buckets: Int) -> UnsafeMutablePointer<PackedEntry> {
            let raw = UnsafeMutableRawPointer.allocate(
                byteCount: buckets * MemoryLayout<PackedEntry>.stride,
                alignment: 64
            )
            for bucket in 0..<buckets {
                raw.storeBytes(of: vacant, toByteOffset: bucket * MemoryLayout<PackedEntry>.stride, as: PackedID.self)
            }
            return raw.bindMemory(to: PackedEntry.self, capacity: buckets)
        }

        /// The id in `bucket`, ``vacant`` for a free one: read as plain words, whether the bucket
        /// holds an entry or not.
        @inline(__always)
        static func id(_ bucket: UnsafeMutablePointer<PackedEntry>) -> PackedID {
            UnsafeRawPointer(bucket).load(as: PackedID.self)
        }

        /// Marks `bucket`, whose entry has been moved out, free.
        @inline(__always)
        static func vacate(_ bucket: UnsafeMutablePointer<PackedEntry>) {
            UnsafeMutableRawPointer(bucket).storeBytes(of: vacant, as: PackedID.self)
        }

        /// Releases the entries of the block and frees it.
        static func release(_ entries: UnsafeMutablePointer<PackedEntry>, buckets: Int) {
            for bucket in 0..<buckets where id(entries + bucket) != vacant { (entries + bucket).deinitialize(count: 1) }
            UnsafeMutableRawPointer(entries).deallocate()
        }
    }
}
