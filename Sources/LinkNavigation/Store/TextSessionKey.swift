/// A client-chosen session id as its shard's dictionary keys it: the text, compared as `String`
/// compares, hashed from its UTF-8 bytes with the dictionary's seed.
///
/// An id of up to 16 bytes (nearly every client id) hashes as one or two words, each with one
/// keyed SipHash call of the standard library (`UInt64._rawHashValue(seed:)`), where `String`
/// feeds its bytes through an incremental `Hasher`: about half the cost of a lookup. Keyed all the
/// same, by the process's random seed: a client choosing ids cannot tell which of them collide.
///
/// Only for ids ``SessionKey`` accepted, which are ASCII (a debug build checks): `String` equates
/// canonically equivalent texts of different bytes (a Kelvin sign and a `K`), which would hash apart.
struct TextSessionKey: Hashable {
    let text: String

    init(_ text: String) {
        assert(text.utf8.allSatisfy { $0 < 0x80 }, "a text session key that is not ASCII")
        self.text = text
    }

    static func == (a: TextSessionKey, b: TextSessionKey) -> Bool {
        a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// What the dictionary hashes a key with: a text of up to 16 bytes as words, a longer one as a
    /// `String`. Equal (ASCII) texts have equal bytes, so equal hashes.
    func _rawHashValue(seed: Int) -> Int {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ Self.hash($0, seed: seed) }) {
            return hash ?? text._rawHashValue(seed: seed)
        }
        // Bytes not in one piece (a bridged string): hashed from a copy that has them so, as an equal
        // native text is.
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return TextSessionKey(contiguous)._rawHashValue(seed: seed)
    }

    /// The hash of up to 16 ASCII bytes, `nil` for more (or, which keys never hold, other bytes: a
    /// `String`'s hash is the same for equivalent texts). The words hashed, with the length mixed
    /// into the seed, determine the bytes: the first and last eight (overlapping) of 8 to 16 bytes;
    /// the first and last four of 4 to 7; the first, middle and last of 1 to 3.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: Int) -> Int? {
        let count = bytes.count
        guard count <= 16 else { return nil }
        guard count > 0, let base = bytes.baseAddress else { return UInt64(0)._rawHashValue(seed: seed) }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            let first = raw.loadUnaligned(as: UInt64.self)
            let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            guard (first | last) & 0x8080_8080_8080_8080 == 0 else { return nil }
            return last._rawHashValue(seed: first._rawHashValue(seed: seed ^ count))
        }
        let word: UInt64
        if count >= 4 {
            let first = raw.loadUnaligned(as: UInt32.self)
            let last = raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            word = UInt64(first) | UInt64(last) << 32
        } else {
            word = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count &- 1]) << 16
        }
        guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
        return word._rawHashValue(seed: seed ^ count)
    }
}
