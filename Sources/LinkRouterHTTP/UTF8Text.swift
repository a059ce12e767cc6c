extension String {
    /// The text of `bytes` if they are valid UTF-8, else `nil`: `String(validating:as:)` with a
    /// fast path for ASCII, which request targets and links almost always are. The generic
    /// validation costs about 20 instructions a byte; an ASCII check eight bytes at a time and
    /// `String(decoding:as:)`, which then has nothing to repair, a fraction of that.
    package init?(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.isASCII(bytes) else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
            return
        }
        self = String(ascii: bytes)
    }

    /// The text of `bytes`, ill-formed UTF-8 replaced by U+FFFD: `String(decoding:as:)` with the
    /// same fast path for ASCII (header fields almost always are).
    package init(repairingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self = Self.isASCII(bytes) ? String(ascii: bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `bytes`, which are all ASCII: copied into a new string without being validated
    /// again (ASCII is valid UTF-8), where `String(decoding:as:)` and
    /// `String(unsafeUninitializedCapacity:initializingUTF8With:)` validate what they copy.
    private init(ascii bytes: UnsafeBufferPointer<UInt8>) {
        // Lifetime: the span borrows `bytes` for this call only; `String(copying:)` copies them.
        self = String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: true))
    }

    /// Whether every byte is below 0x80: the bytes read a word at a time, the last word
    /// overlapping the one before it (a run shorter than eight bytes read as two overlapping
    /// halves), so that no byte is looked at singly and none past the run is read.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var high: UInt64
        if count >= 8 {
            let last = count &- 8
            high = raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)
            var offset = 0
            while offset < last {
                high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
        } else if count >= 4 {
            high = UInt64(
                raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            )
        } else if count >= 2 {
            high = UInt64(
                raw.loadUnaligned(as: UInt16.self) | raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
            )
        } else if count == 1 {
            high = UInt64(base.pointee)
        } else {
            return true
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
