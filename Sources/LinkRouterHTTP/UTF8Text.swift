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

    /// Whether every byte is below 0x80.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var high: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= count {
            high |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset &+= 8
        }
        while offset < count {
            high |= UInt64(base[offset])
            offset &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
