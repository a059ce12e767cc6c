/// FNV-1a over a string's UTF-8, with the high half folded into the low one: a quick unkeyed hash
/// for tables whose keys no outsider chooses (screen names) or whose worst case is bounded anyway
/// (the shard of a client-chosen session id).
enum FNV1a {
    @inline(__always)
    static func hash(_ text: String) -> UInt64 {
        // A span borrows the bytes, a small string's too: no closure context, no retain, no copy.
        let bytes = text.utf8.span
        return bytes.withUnsafeBufferPointer { hash(bytes: $0) }
    }

    @inline(__always)
    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        // Buckets come from the low bits; the product's high bits have mixed in more of the text.
        return hash ^ (hash >> 32)
    }
}
