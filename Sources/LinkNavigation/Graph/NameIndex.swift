/// Distinct names to their positions, for lookups on every request: an open-addressing table
/// hashed over the names' UTF-8 bytes with FNV-1a, about a tenth of the instructions of a
/// `Dictionary` lookup, whose SipHash is built to resist keys chosen by an attacker.
///
/// That resistance is not needed here: the names are fixed when the table is built (from the
/// route table), and a lookup never inserts, so no input can lengthen a probe beyond the longest
/// cluster the fixed names made. The table is at most half full.
struct NameIndex: Sendable {
    /// The names, by position.
    private let names: [String]
    /// Position + 1 of the name hashed to each bucket (linear probing); 0 marks a free bucket.
    /// A power of two buckets.
    private let buckets: [Int32]

    /// - Precondition: `names` are distinct.
    init(_ names: [String]) {
        var count = 8
        while count < names.count * 2 { count *= 2 }
        var buckets = [Int32](repeating: 0, count: count)
        let mask = count - 1
        for (position, name) in names.enumerated() {
            var bucket = Int(truncatingIfNeeded: FNV1a.hash(name)) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position + 1)
        }
        self.names = names
        self.buckets = buckets
    }

    /// The position of `name`, or `nil`.
    @inline(__always)
    func position(of name: String) -> Int? {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: FNV1a.hash(name)) & mask
        while true {
            let entry = Int(buckets[bucket])
            if entry == 0 { return nil }
            if names[entry - 1] == name { return entry - 1 }
            bucket = (bucket + 1) & mask
        }
    }
}
