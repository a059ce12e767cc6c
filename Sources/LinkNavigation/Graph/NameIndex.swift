/// Distinct names to their positions, for lookups on every request: an open-addressing table
/// hashed over the names' UTF-8 bytes with FNV-1a, about a tenth of the instructions of a
/// `Dictionary` lookup, whose SipHash is built to resist keys chosen by an attacker.
///
/// That resistance is not needed here: the names are fixed when the table is built (from the
/// route table), and a lookup never inserts, so no input can lengthen a probe beyond the longest
/// cluster the fixed names made. The table is at most half full.
///
/// Most names looked up are copies of the very strings the table holds (a stack entry's screen
/// is its screen's name), so a first probe compares the string's two words instead of its bytes.
@usableFromInline
struct NameIndex: Sendable {
    /// The names, by position.
    @usableFromInline let names: [String]
    /// Position + 1 of the name hashed to each bucket (linear probing); 0 marks a free bucket.
    /// A power of two buckets.
    private let buckets: [Int32]
    /// Each name's two words (``Identity``) with its position, hashed by those words (linear
    /// probing, the same number of buckets); a free bucket has position -1. One array: a probe
    /// reads one bucket.
    @usableFromInline let identityBuckets: [IdentityBucket]

    /// - Precondition: `names` are distinct.
    init(_ names: [String]) {
        var count = 8
        while count < names.count * 2 { count *= 2 }
        let mask = count - 1
        var buckets = [Int32](repeating: 0, count: count)
        var identityBuckets = [IdentityBucket](repeating: IdentityBucket(), count: count)
        for (position, name) in names.enumerated() {
            var bucket = Int(truncatingIfNeeded: FNV1a.hash(name)) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position + 1)
            let identity = Identity(name)
            bucket = identity.bucket & mask
            while identityBuckets[bucket].position >= 0 { bucket = (bucket + 1) & mask }
            identityBuckets[bucket] = IdentityBucket(identity: identity, position: position)
        }
        self.names = names
        self.buckets = buckets
        self.identityBuckets = identityBuckets
    }

    /// The position of `name`, or `nil`.
    @inlinable
    func position(of name: String) -> Int? {
        let identity = Identity(name)
        let found = identityBuckets.withUnsafeBufferPointer { buckets in
            let mask = buckets.count &- 1
            var bucket = identity.bucket & mask
            while true {
                let entry = buckets[bucket]
                if entry.position < 0 { return -1 }
                if entry.identity == identity { return entry.position }
                bucket = (bucket &+ 1) & mask
            }
        }
        return found >= 0 ? found : position(ofText: name)
    }

    /// The position of `name`: `hint` when the name there is `name` itself (a copy of it), else
    /// as ``position(of:)`` finds it.
    @inlinable
    func position(of name: String, hint: Int?) -> Int? {
        if let hint, isName(at: hint, identicalTo: name) { return hint }
        return position(of: name)
    }

    /// Whether the name at `position` is `name` itself (a copy of it): `false` says nothing.
    @inlinable
    func isName(at position: Int, identicalTo name: String) -> Bool {
        position < names.count && Identity(names[position]) == Identity(name)
    }

    /// The position of the name spelled like `name`, by its bytes. Kept out of line: the callers
    /// inline the identity probe, and rarely get here.
    @usableFromInline @inline(never)
    func position(ofText name: String) -> Int? {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: FNV1a.hash(name)) & mask
        while true {
            let entry = Int(buckets[bucket])
            if entry == 0 { return nil }
            if names[entry - 1] == name { return entry - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    /// A string's two words as stored. Equal to a held name's exactly when the string is a copy of
    /// that name: a short name is its bytes, count and flags, all in the words; a longer one is its
    /// count, flags and the address of its storage, which the table keeps alive (so no other
    /// storage can be at that address) and which no copy can change (a shared storage is copied
    /// before a write). A name spelled alike but stored apart does not match; the byte lookup
    /// finds it.
    @usableFromInline
    struct Identity: Equatable, Sendable {
        @usableFromInline var low: UInt64 = 0
        @usableFromInline var high: UInt64 = 0

        init() {}

        @inlinable
        init(_ name: String) {
            (low, high) = unsafeBitCast(name, to: (UInt64, UInt64).self)
        }

        /// Both words mixed (SplitMix64's finaliser), low bits first to use.
        @inlinable
        var bucket: Int {
            var mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= mixed >> 31
            return Int(truncatingIfNeeded: mixed)
        }
    }

    /// A bucket of ``identityBuckets``.
    @usableFromInline
    struct IdentityBucket: Sendable {
        @usableFromInline var identity = Identity()
        /// The name's position; -1 for a free bucket.
        @usableFromInline var position = -1
    }
}
