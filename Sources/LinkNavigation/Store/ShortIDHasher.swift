/// The hash of a short client-chosen id (``SessionKey/short(_:)``): SipHash-1-3, the standard
/// library's `Hasher`, of its 16 packed bytes, with a key drawn from the system's CSPRNG when the
/// store is made.
///
/// Clients choose these ids, so their placement must not be predictable: a keyed pseudo-random
/// function, as the dictionary it replaces used (``MintedIDHasher`` only mixes ids that no client
/// chooses). Written out for exactly two words, it runs inline, with no `Hasher` state in memory and
/// no call: six rounds of additions, rotations and exclusive ors.
struct ShortIDHasher: Sendable {
    private let k0: UInt64
    private let k1: UInt64

    /// A hasher with a given key (tests).
    init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// SipHash-1-3 of the 16 bytes `id.high` then `id.low` (each little-endian), or of the 8 bytes
    /// of `id.high` alone when `id.low` is 0: an id of up to 8 characters, whose packing leaves
    /// `low` 0 (a longer one has a byte there, and no id byte is 0), so no two ids hash the same
    /// message. One compression round fewer for the shortest ids.
    @inline(__always)
    func hash(_ id: PackedID) -> UInt64 {
        var state = State(
            v0: k0 ^ 0x736f_6d65_7073_6575,
            v1: k1 ^ 0x646f_7261_6e64_6f6d,
            v2: k0 ^ 0x6c79_6765_6e65_7261,
            v3: k1 ^ 0x7465_6462_7974_6573
        )
        state.compress(id.high)
        // The final block: no bytes left, the message length (8 or 16) in its top byte.
        if id.low == 0 {
            state.compress(8 << 56)
        } else {
            state.compress(id.low)
            state.compress(16 << 56)
        }
        state.v2 ^= 0xFF
        state.round()
        state.round()
        state.round()
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
    }

    /// SipHash's four words of state.
    private struct State {
        var v0: UInt64
        var v1: UInt64
        var v2: UInt64
        var v3: UInt64

        /// One message word, with one round (SipHash-1-3's one compression round).
        @inline(__always)
        mutating func compress(_ word: UInt64) {
            v3 ^= word
            round()
            v0 ^= word
        }

        @inline(__always)
        mutating func round() {
            v0 = v0 &+ v1
            v1 = v1.rotatedLeft(by: 13) ^ v0
            v0 = v0.rotatedLeft(by: 32)
            v2 = v2 &+ v3
            v3 = v3.rotatedLeft(by: 16) ^ v2
            v0 = v0 &+ v3
            v3 = v3.rotatedLeft(by: 21) ^ v0
            v2 = v2 &+ v1
            v1 = v1.rotatedLeft(by: 17) ^ v2
            v2 = v2.rotatedLeft(by: 32)
        }
    }
}

extension ShortIDHasher: KeyedIDHashing {}

extension UInt64 {
    /// The word rotated left by `count` bits (1 to 63).
    @inline(__always)
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self &<< count) | (self &>> (64 &- count))
    }
}
