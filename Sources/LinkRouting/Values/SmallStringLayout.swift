/// Swift's small-string form, read and made directly, on the platforms where it is known: a
/// string of up to 15 UTF-8 bytes held in its own two words, no object behind it.
///
/// On a little-endian 64-bit platform the standard library's `_StringObject` keeps the bytes in
/// memory order from the first word's low byte on, and in the second word's top byte the flags and
/// the count: bit 61 "small", bit 62 "ASCII" (bit 63 "immortal" is set too), bits 56-59 the count.
/// The words are plain bits: read from a string they need nothing alive, and a string made from
/// them references no object. Every other platform answers `nil` and `false` here, and callers
/// take their general path. The tests check this against strings the standard library builds.
@usableFromInline package enum SmallStringLayout {
    /// The most bytes a small string holds.
    @inlinable package static var capacity: Int { 15 }

    /// The two words of `value` as stored when it is a small string, else `nil`.
    @inlinable @inline(__always)
    package static func words(of value: String) -> (UInt64, UInt64)? {
        #if _endian(little) && _pointerBitWidth(_64)
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        let words = unsafeBitCast(value, to: (UInt64, UInt64).self)
        return words.1 & (1 << 61) != 0 ? words : nil
        #else
        return nil
        #endif
    }

    /// Whether `words` (from ``words(of:)``) are those of a string of ASCII bytes only.
    @inlinable @inline(__always)
    package static func isASCII(_ words: (UInt64, UInt64)) -> Bool { words.1 & (1 << 62) != 0 }

    /// The number of bytes of the small string whose words are `words`.
    @inlinable @inline(__always)
    package static func count(_ words: (UInt64, UInt64)) -> Int { Int(truncatingIfNeeded: (words.1 >> 56) & 0xF) }

    /// The `count` bytes at `base` as a string when they are at most ``capacity`` ASCII bytes; `nil`
    /// otherwise, and on a platform whose strings are laid out otherwise. Reads only the `count`
    /// bytes (``ByteWords``).
    @inlinable @inline(__always)
    package static func ascii(_ base: UnsafePointer<UInt8>, count: Int) -> String? {
        #if _endian(little) && _pointerBitWidth(_64)
        guard count <= capacity else { return nil }
        return ascii(words: ByteWords.load(base, count: count), count: count)
        #else
        return nil
        #endif
    }

    /// ``ascii(_:count:)`` of bytes already read: `count` (at most ``capacity``) bytes as
    /// ``ByteWords/load(_:count:)`` gives them.
    @inlinable @inline(__always)
    package static func ascii(words: (low: UInt64, high: UInt64), count: Int) -> String? {
        guard count <= capacity, (words.low | words.high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Immortal, ASCII, small, and the count.
        return string((words.low, words.high | UInt64(0xE0 | count) &<< 56))
    }

    /// The small string whose words are `words` (as ``words(of:)`` reads them), owned by the caller
    /// and made without a call into the runtime; `nil` when they are not a small string's, and on a
    /// platform whose strings are laid out otherwise.
    @inlinable @inline(__always)
    package static func string(_ words: (UInt64, UInt64)) -> String? {
        #if _endian(little) && _pointerBitWidth(_64)
        guard words.1 & (1 << 61) != 0, MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else {
            return nil
        }
        // Moved out of the words rather than cast from them: a cast is a copy, which the caller
        // that keeps the string retains (a call into the runtime); a move hands it over owned.
        var words = words
        return withUnsafeMutablePointer(to: &words) { pointer in
            pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
        #else
        return nil
        #endif
    }
}
