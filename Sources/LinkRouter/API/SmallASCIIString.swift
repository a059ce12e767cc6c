/// Short ASCII strings built as the standard library lays them out, without a call of its general
/// initialisers (which validate the bytes, then build).
enum SmallASCIIString {
    /// The most bytes a small string holds on a 64-bit platform.
    static let capacity = 15

    /// The `count` bytes at `base` as a string when they are at most ``capacity`` ASCII bytes; `nil`
    /// otherwise, and on a platform whose strings are laid out otherwise.
    ///
    /// Read as one or two words, which may run up to 7 bytes past the `count`: the caller guarantees
    /// that those bytes are readable too (they are masked off).
    ///
    /// A small string is two words: its bytes in order from the low byte of the first word on, and
    /// in the top byte of the second a discriminator (`0xE0`: immortal, ASCII, small) and the count.
    /// It references no object, so the value has no lifetime beyond its bits. The layout is the
    /// standard library's (`_StringObject` on 64-bit platforms), checked by the tests against strings
    /// it builds itself.
    @inline(__always)
    static func make(_ base: UnsafePointer<UInt8>, count: Int) -> String? {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        guard count <= capacity else { return nil }
        let raw = UnsafeRawPointer(base)
        var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var high: UInt64 = 0
        if count < 8 {
            low &= (1 &<< UInt64(count &* 8)) &- 1
        } else if count > 8 {
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            high &= (1 &<< UInt64((count &- 8) &* 8)) &- 1
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        high |= UInt64(0xE0 | count) &<< 56
        return unsafeBitCast((low, high), to: String.self)
        #else
        return nil
        #endif
    }
}
