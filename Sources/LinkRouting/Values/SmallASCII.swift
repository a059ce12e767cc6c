/// Swift's small-string form made directly from ASCII bytes, on the platforms where it is known: a
/// string of up to 15 UTF-8 bytes held in its own two words, no object behind it, and no call
/// into the standard library (which copies, validates and then packs the bytes).
///
/// On a little-endian 64-bit platform the standard library's `_StringObject` keeps the bytes in
/// memory order from the first word's low byte on, and in the second word's top byte the flags and
/// the count: bit 61 "small", bit 62 "ASCII", bit 63 "immortal", bits 56-59 the count. Every other
/// platform answers `nil`, and callers take their general path. The tests compare these words with
/// those of the strings the standard library builds.
enum SmallASCII {
    /// The most bytes a small string holds.
    static let capacity = 15

    /// The `count` bytes at `base` as a string when they are at most ``capacity`` ASCII bytes;
    /// `nil` otherwise. Reads only the `count` bytes: overlapping loads inside them.
    @inline(__always)
    static func string(_ base: UnsafePointer<UInt8>, count: Int) -> String? {
        #if _endian(little) && _pointerBitWidth(_64)
        guard count <= capacity, MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        let raw = UnsafeRawPointer(base)
        var low: UInt64 = 0
        var high: UInt64 = 0
        // The bytes that two loads share are equal: OR joins them.
        if count >= 8 {
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            if count > 8 {
                let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                high = tail &>> UInt64((16 &- count) &* 8)
            }
        } else if count >= 4 {
            let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            low = head | tail &<< UInt64((count &- 4) &* 8)
        } else if count >= 2 {
            let head = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            low = head | tail &<< UInt64((count &- 2) &* 8)
        } else if count == 1 {
            low = UInt64(base.pointee)
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Immortal, ASCII, small, and the count.
        high |= UInt64(0xE0 | count) &<< 56
        // Moved out of the words rather than cast from them: a cast is a copy, which the caller
        // that keeps the string retains (a call into the runtime); a move hands it over owned.
        var words = (low, high)
        return withUnsafeMutablePointer(to: &words) { pointer in
            pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
        #else
        return nil
        #endif
    }
}
