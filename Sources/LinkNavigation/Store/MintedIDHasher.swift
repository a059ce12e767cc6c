/// The hash of an id the store minted: its 128 bits mixed with a random key into one word.
///
/// Only ids the store draws from the system's CSPRNG go into a ``SessionStore/PackedTable``:
/// client-chosen ids (SPEC `sessions.client_ids`), even in the minted format, are kept in their
/// shard's dictionary, which hashes with the process's random seed. A client still sees every id
/// it creates, and could keep those that land together and delete the rest if it could tell where
/// an id lands: the key, drawn from the CSPRNG when the store is made, keeps placement unknown.
/// Each word goes through SplitMix64's finaliser (a bijection) with a key word mixed in before it,
/// a fraction of a keyed SipHash's cost: clients can only filter random ids, not choose them, and
/// what they would filter on depends on the key. One hash picks both the shard (bits 40 and up)
/// and the bucket in its table (the low bits), so an update hashes its id once.
struct MintedIDHasher: Sendable {
    private let k0: UInt64
    private let k1: UInt64

    /// A hasher with a given key (tests).
    init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    @inline(__always)
    func hash(_ id: PackedID) -> UInt64 {
        Self.mix(Self.mix(id.high ^ k0) ^ id.low ^ k1)
    }

    /// SplitMix64's finaliser.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var word = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
        return word ^ (word >> 31)
    }
}
