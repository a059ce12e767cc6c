/// Session ids: random ones the store mints, and the checks and packing of the ids it is given.
enum SessionID {
    /// Characters of a generated id: 128 bits in base64url without padding.
    static let generatedLength = 22
    /// The longest client-chosen id.
    static let maxLength = 128

    /// 128 bits from the system's CSPRNG (`getrandom` on Linux).
    static func randomBits() -> PackedID {
        var generator = SystemRandomNumberGenerator()
        return PackedID(high: generator.next(), low: generator.next())
    }

    /// The base64url text (RFC 4648 §5, no padding) of the 16 bytes `high` then `low`, big-endian.
    static func encode(_ id: PackedID) -> String {
        String(unsafeUninitializedCapacity: generatedLength) { buffer in
            // 21 groups of 6 bits cover the first 126 bits; the 22nd character holds the last 2 bits,
            // followed by four zero bits, as base64 pads a final lone byte.
            for group in 0..<21 {
                let shift = 122 - 6 * group  // bit offset of this group's lowest bit, counted from the end
                let sextet: UInt64
                if shift >= 64 {
                    sextet = id.high >> UInt64(shift - 64)
                } else if shift > 58 {
                    sextet = (id.high << UInt64(64 - shift)) | (id.low >> UInt64(shift))
                } else {
                    sextet = id.low >> UInt64(shift)
                }
                buffer[group] = character(sextet & 0x3F)
            }
            buffer[21] = character((id.low & 0x3) << 4)
            return generatedLength
        }
    }

    /// The 128 bits of an id in the form ``encode(_:)`` writes, or `nil` for any other text.
    ///
    /// The mapping is one to one: the last character must carry zeros in its four unused bits, so no
    /// two texts give the same bits.
    @inline(__always)
    static func decode(_ id: String) -> PackedID? {
        // The string's own bytes, borrowed: no retain, no copy, and (unlike `utf8.span`) inlined.
        if let decoded = id.utf8.withContiguousStorageIfAvailable({ decode(bytes: $0) }) { return decoded }
        var contiguous = id
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { decode(bytes: $0) } ?? nil
    }

    /// ``decode(_:)`` on the id's UTF-8 bytes.
    @inline(__always)
    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> PackedID? {
        guard bytes.count == generatedLength else { return nil }
        return values.withUnsafeBufferPointer { table -> PackedID? in
            // Ten sextets (60 bits) per word, so that no step shifts across two words. A byte outside
            // the alphabet looks up all ones: shifted left by at most 54, they still fill the top
            // four bits of the word, which valid sextets leave clear. One load, shift and or per byte,
            // and no separate validity accumulator.
            @inline(__always)
            func sextets(_ range: Range<Int>) -> UInt64 {
                var word: UInt64 = 0
                for index in range { word = (word << 6) | table[Int(bytes[index])] }
                return word
            }
            let first = sextets(0..<10)  // bits 127...68
            let second = sextets(10..<20)  // bits 67...8
            let last = sextets(20..<22)  // bits 7...0, then four zero bits
            guard (first | second) >> 60 == 0, last >> 12 == 0, last & 0xF == 0 else { return nil }
            return PackedID(high: (first << 4) | (second >> 56), low: (second << 8) | (last >> 4))
        }
    }

    /// Each byte's base64url value, or all ones for a byte outside the alphabet (a test checks it
    /// against ``value(of:)``). Written out so that the compiler lays it out statically: no lazy
    /// initialisation to check on every use.
    static let values: [UInt64] = [
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, 0x3E, .max, .max,
        0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x3B,
        0x3C, 0x3D, .max, .max, .max, .max, .max, .max,
        .max, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
        0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E,
        0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16,
        0x17, 0x18, 0x19, .max, .max, .max, .max, 0x3F,
        .max, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x20,
        0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,
        0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30,
        0x31, 0x32, 0x33, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
        .max, .max, .max, .max, .max, .max, .max, .max,
    ]

    /// The base64url character for a value below 64.
    @inline(__always)
    static func character(_ value: UInt64) -> UInt8 {
        switch value {
        case 0..<26: UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "A")
        case 26..<52: UInt8(truncatingIfNeeded: value - 26) &+ UInt8(ascii: "a")
        case 52..<62: UInt8(truncatingIfNeeded: value - 52) &+ UInt8(ascii: "0")
        case 62: UInt8(ascii: "-")
        default: UInt8(ascii: "_")
        }
    }

    /// The value of a base64url character, or `nil` for any other byte.
    @inline(__always)
    static func value(of byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte &- UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte &- UInt8(ascii: "a")) &+ 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte &- UInt8(ascii: "0")) &+ 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Whether the UTF-8 bytes of an id are 1 to 128 characters of `A-Z`, `a-z`, `0-9`, `_` and `-`.
    @inline(__always)
    static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 0, bytes.count <= maxLength else { return false }
        return values.withUnsafeBufferPointer { table in
            var invalid: UInt64 = 0
            for byte in bytes { invalid |= table[Int(byte)] }
            return invalid < 64
        }
    }
}
