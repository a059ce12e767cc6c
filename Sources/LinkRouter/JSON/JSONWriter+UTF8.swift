extension JSONWriter {
    /// Writes `utf8` (valid UTF-8) as a string value, escaped as ``string(_:)-(String)`` escapes one.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        appendQuoted(utf8, colon: false)
        needsComma = true
    }

    /// ``string(utf8:)`` for bytes known to need no escaping (`isPlainText`: each of them printable
    /// ASCII other than `"` and `\`, as a match tells of its URL), copied as they are with no look
    /// at them; any other bytes are written by ``string(utf8:)``.
    @inline(__always)  // a copy, into the answer that writes the link: no call around the one to `memcpy`
    mutating func string(utf8: UnsafeBufferPointer<UInt8>, isPlainText: Bool) {
        guard isPlainText, let source = utf8.baseAddress else {
            string(utf8: utf8)
            return
        }
        let comma = needsComma ? 1 : 0
        let length = comma &+ utf8.count &+ 2
        let start = reserve(length)
        start.initialize(to: JSONByte.comma)
        let text = start + comma
        text.initialize(to: JSONByte.quote)
        // The ranges never overlap: the source is the caller's, the target the writer's block.
        UnsafeMutableRawPointer(text + 1).copyMemory(from: source, byteCount: utf8.count)
        (text + 1 + utf8.count).initialize(to: JSONByte.quote)
        advance(by: length)
        needsComma = true
    }
}
