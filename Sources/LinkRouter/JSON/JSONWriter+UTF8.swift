extension JSONWriter {
    /// Writes `utf8` (valid UTF-8) as a string value, escaped as ``string(_:)-(String)`` escapes one.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        appendQuoted(utf8, colon: false)
        needsComma = true
    }
}
