/// The hash of an id the store minted: its 128 bits folded into one word and mixed, with no key.
///
/// Only ids the store draws from the system's CSPRNG go into a ``SessionStore/PackedTable``, so
/// their bits are already uniform and unknown to clients: nobody can choose ids that crowd one
/// index. Client-chosen ids (SPEC `sessions.client_ids`), even in the minted format, are kept in
/// their shard's dictionary, which hashes with the process's random seed. The mixing spreads the
/// structured ids of tests as well. One hash picks both the shard (bits 40 and up) and the bucket in
/// its index (the low bits), so an update hashes its id once.
struct MintedIDHasher: Sendable {
    @inline(__always)
    func hash(_ id: PackedID) -> UInt64 {
        // SplitMix64's finaliser over the two words folded into one: a few multiplies, no key.
        var word = id.high ^ (id.low << 32 | id.low >> 32)
        word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
        word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
        return word ^ (word >> 31)
    }
}
