/// The store's one hash of a packed session id: SipHash-1-3 of its two words under a key drawn from
/// the system's CSPRNG when the store is made.
///
/// Keyed, because clients may choose ids in the store's own format (SPEC `sessions.client_ids`): with
/// an unkeyed hash they could crowd one shard's index on purpose. One hash picks both the shard
/// (bits 40 and up) and the bucket in its index (the low bits), so an update hashes its id once.
struct IDHasher: Sendable {
    private let k0: UInt64
    private let k1: UInt64

    /// A hasher with a random key.
    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(k0: generator.next(), k1: generator.next())
    }

    /// A hasher with a given key (tests).
    init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// SipHash-1-3 of the 16 bytes of `id` (`high`, then `low`, each read as one message word).
    @inline(__always)
    func hash(_ id: PackedID) -> UInt64 {
        var state = State(
            v0: k0 ^ 0x736f_6d65_7073_6575,
            v1: k1 ^ 0x646f_7261_6e64_6f6d,
            v2: k0 ^ 0x6c79_6765_6e65_7261,
            v3: k1 ^ 0x7465_6462_7974_6573
        )
        state.compress(id.high)
        state.compress(id.low)
        state.compress(16 << 56)  // the final block: the message length, no bytes left
        state.v2 ^= 0xFF
        state.round()
        state.round()
        state.round()
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
    }

    private struct State {
        var v0: UInt64
        var v1: UInt64
        var v2: UInt64
        var v3: UInt64

        @inline(__always)
        mutating func compress(_ word: UInt64) {
            v3 ^= word
            round()
            v0 ^= word
        }

        @inline(__always)
        mutating func round() {
            v0 &+= v1
            v1 = v1.rotated(13) ^ v0
            v0 = v0.rotated(32)
            v2 &+= v3
            v3 = v3.rotated(16) ^ v2
            v0 &+= v3
            v3 = v3.rotated(21) ^ v0
            v2 &+= v1
            v1 = v1.rotated(17) ^ v2
            v2 = v2.rotated(32)
        }
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotated(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 &- count))
    }
}
