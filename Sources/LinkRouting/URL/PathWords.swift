/// Eight path bytes at a time: which of them the path split must look at.
///
/// A byte is *special* when it is at or below '/' (which covers '/', '#', '%', '.', `"`, the
/// controls and a few more punctuation marks), '?', `\`, DEL or of 0x80 or more (UTF-8 beyond
/// ASCII). Letters, digits and most punctuation are ordinary: a segment made of them needs no
/// decoding or check, and a path of them and '/' is JSON text as it is (no byte to escape). A
/// segment with `\` or bytes beyond ASCII is checked as any other special one is, and used as it
/// stands when nothing in it is to decode.
enum PathWords {
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Bit 7 of each byte lane of `word` set where the byte is special, every other bit clear.
    @inline(__always)
    static func specials(_ word: UInt64) -> UInt64 {
        let ascii = word & low7
        // Per lane, bit 7: at least 0x30 (no carry out: 0x7F + 0x50 < 0x100).
        let aboveSlash = ascii &+ 0x5050_5050_5050_5050
        // '?' (0x3F) and DEL (0x7F) differ in bit 6 only: with it set, both are 0x7F, and the lane
        // of `x` is zero exactly for them; adding 0x7F carries into bit 7 for every other value.
        let x = (ascii | 0x4040_4040_4040_4040) ^ low7
        let neitherQuestionNorDEL = x &+ low7
        // The lane of `ascii ^ '\'` is zero exactly for `\`: adding 0x7F carries into bit 7 for
        // every other value.
        let notBackslash = (ascii ^ 0x5C5C_5C5C_5C5C_5C5C) &+ low7
        // Bit 7 of the word itself marks the bytes of 0x80 or more, whose low seven bits may look
        // like anything.
        return (word | ~(aboveSlash & neitherQuestionNorDEL & notBackslash)) & high
    }

    /// The bytes `k..<min(k + 8, n)` of `bytes[0..<n]` in the low lanes (little-endian order);
    /// higher lanes are zero. Reads nothing outside `bytes[0..<n]`; needs `k < n`.
    @inline(__always)
    static func load(_ bytes: UnsafePointer<UInt8>, at k: Int, count n: Int) -> UInt64 {
        if k &+ 8 <= n { return UInt64(littleEndian: UnsafeRawPointer(bytes + k).loadUnaligned(as: UInt64.self)) }
        return loadTail(bytes, at: k, count: n)
    }

    /// ``load(_:at:count:)`` within the last eight bytes: the URL's last word, shifted.
    @inline(__always)
    static func loadTail(_ bytes: UnsafePointer<UInt8>, at k: Int, count n: Int) -> UInt64 {
        if n >= 8 {
            let last = UInt64(littleEndian: UnsafeRawPointer(bytes + (n &- 8)).loadUnaligned(as: UInt64.self))
            // 0 < k - (n - 8) < 8: the shift is below 64.
            return last &>> UInt64(truncatingIfNeeded: (k &- (n &- 8)) &* 8)
        }
        return loadShort(bytes, at: k, count: n)
    }

    /// ``load(_:at:count:)`` for a URL shorter than eight bytes, a byte at a time.
    @inline(never)
    static func loadShort(_ bytes: UnsafePointer<UInt8>, at k: Int, count n: Int) -> UInt64 {
        var word: UInt64 = 0
        var i = k
        while i < n {
            word |= UInt64(bytes[i]) &<< UInt64(truncatingIfNeeded: (i &- k) &* 8)
            i &+= 1
        }
        return word
    }

    /// Bit 7 of the lowest `lanes` byte lanes (0 ... 8).
    @inline(__always)
    static func lanes(_ lanes: Int) -> UInt64 {
        lanes >= 8 ? high : high & ((1 &<< UInt64(truncatingIfNeeded: lanes &* 8)) &- 1)
    }
}
