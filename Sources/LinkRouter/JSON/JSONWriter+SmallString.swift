internal import LinkNavigation
internal import LinkRouting

/// Small ASCII strings (up to 15 bytes, held in the string's own two words, as session ids are)
/// written from those words (``SmallStringLayout``): no buffer lent, no copy of them onto the
/// stack, no call.
extension JSONWriter {
    /// Writes `value` as ``string(_:)-(String)`` does: from its words when it is a small ASCII
    /// string that needs no escaping, else by that call.
    @inline(__always)
    mutating func smallString(_ value: String) {
        if let words = SmallStringLayout.words(of: value), smallASCII(words) { return }
        string(value)
    }

    /// Writes, quoted, the small string whose two words as stored are `words` (from
    /// ``SmallStringLayout/words(of:)``) when it is ASCII, and returns `true`; returns `false` and
    /// writes nothing for one with other bytes, or one some byte of which needs escaping.
    @inline(__always)
    mutating func smallASCII(_ words: (UInt64, UInt64)) -> Bool {
        #if _endian(little) && _pointerBitWidth(_64)
        // The bytes are the first word's, then the second's low seven.
        guard SmallStringLayout.isASCII(words) else { return false }
        let length = SmallStringLayout.count(words)
        // Only the string's bytes are looked at: those past it (and the count and flags) are
        // masked out of the answer. An empty string's mask is all ones: its zeros, read as
        // controls, send it the long way.
        let escapes =
            length <= 8
            ? JSONByteScan.escapesInASCII(words.0) & (UInt64.max &>> (64 &- 8 &* length))
            : JSONByteScan.escapesInASCII(words.0)
                | JSONByteScan.escapesInASCII(words.1) & (UInt64.max &>> (128 &- 8 &* length))
        guard escapes == 0 else { return false }
        // Both words are stored whole after the opening quote: room is made for their sixteen
        // bytes, and the closing quote written over what lies past the string.
        let comma = needsComma ? 1 : 0
        let start = reserve(comma &+ 18)
        start.initialize(to: JSONByte.comma)
        let text = start + comma
        text.initialize(to: JSONByte.quote)
        let raw = UnsafeMutableRawPointer(text + 1)
        raw.storeBytes(of: words.0, as: UInt64.self)
        raw.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        (text + 1 + length).initialize(to: JSONByte.quote)
        advance(by: comma &+ length &+ 2)
        needsComma = true
        return true
        #else
        return false
        #endif
    }
}
