/// Strings: escapes, surrogate pairs and UTF-8 validation, straight from the input bytes.
extension JSONScanner {
    /// Parses the string whose opening quote is at `index`.
    ///
    /// Without escapes the string is made from the input bytes directly; with escapes, runs
    /// between them are copied into `scratch` and the escapes decoded there.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var runStart = start
        var escaped = false
        while index < input.count {
            // Plain ASCII goes by eight bytes at a time.
            if index &+ 8 <= input.count,
                JSONByteScan.isPlainForParser(input.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index &+= 8
                continue
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                guard escaped else { return Self.string(from: input, start, index) }
                copyRun(from: runStart)
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                copyRun(from: runStart)
                try decodeEscape()
                runStart = index
            } else if byte < 0x20 {
                throw JSONParseError(.controlCharacterInString, at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength(at: index)
            }
        }
        throw JSONParseError(.unexpectedEnd, at: index)
    }

    private static func string(from input: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
    }

    private mutating func copyRun(from start: Int) {
        if start < index { scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[start..<index])) }
    }

    /// Decodes the escape whose backslash is at `index` into `scratch` and moves past it.
    private mutating func decodeEscape() throws(JSONParseError) {
        let escapeOffset = index
        guard index + 1 < input.count else { throw JSONParseError(.unexpectedEnd, at: input.count) }
        let decoded: UInt8
        switch input[index + 1] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            try decodeUnicodeEscape(at: escapeOffset)
            return
        default:
            throw JSONParseError(.invalidEscape, at: escapeOffset)
        }
        scratch.append(decoded)
        index += 2
    }

    /// `\uXXXX`, or a high surrogate followed at once by `\uXXXX` with its low surrogate.
    private mutating func decodeUnicodeEscape(at escapeOffset: Int) throws(JSONParseError) {
        let unit = try hex4(at: escapeOffset + 2)
        index = escapeOffset + 6
        var scalar = unit
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u")
            else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
            let low = try hex4(at: index + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            index += 6
        case 0xDC00...0xDFFF:
            throw JSONParseError(.loneSurrogate, at: escapeOffset)
        default:
            break
        }
        appendUTF8(scalar)
    }

    /// The four hexadecimal digits at `offset`, as a number.
    private func hex4(at offset: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            guard position < input.count else { throw JSONParseError(.unexpectedEnd, at: input.count) }
            let byte = input[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: offset - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Appends the UTF-8 form of `scalar`, a Unicode scalar value (surrogates already combined).
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence (RFC 3629) whose lead byte, 0x80 or more, is
    /// at `offset`. Overlong forms, encoded surrogates and values past U+10FFFF are refused.
    private func utf8SequenceLength(at offset: Int) throws(JSONParseError) -> Int {
        let lead = input[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw JSONParseError(.invalidUTF8, at: offset)
        }
        guard offset + length <= input.count, secondRange.contains(input[offset + 1]) else {
            throw JSONParseError(.invalidUTF8, at: offset)
        }
        for position in (offset + 2)..<(offset + length) where input[position] & 0xC0 != 0x80 {
            throw JSONParseError(.invalidUTF8, at: offset)
        }
        return length
    }
}
