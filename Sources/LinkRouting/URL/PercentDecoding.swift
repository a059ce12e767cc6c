/// Percent-decoding and validation of one URL component into a scratch buffer.
enum PercentDecoding {
    enum Failure: Error {
        case malformedEscape(Int)
        case invalidUTF8
        case controlCharacter(Int)
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b &- 0x30
        case 0x41...0x46: b &- 0x37
        case 0x61...0x66: b &- 0x57
        default: nil
        }
    }

    @inline(__always) static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F }

    /// Decodes `raw` once. Returns `raw` itself when nothing changes, else the bytes written at `out`.
    /// - Parameters:
    ///   - plusIsSpace: `+` means a space (query components).
    ///   - lowercase: ASCII letters are lowercased, escaped or not (the custom-scheme host slot).
    ///   - out: scratch with room for `raw.count` bytes; advanced past what was written.
    static func decode(
        _ raw: UnsafeBufferPointer<UInt8>,
        base: Int,
        plusIsSpace: Bool,
        lowercase: Bool,
        out: inout UnsafeMutablePointer<UInt8>
    ) throws(Failure) -> UnsafeBufferPointer<UInt8> {
        var needsCopy = false
        for (i, b) in raw.enumerated() {
            if isControl(b) { throw .controlCharacter(base + i) }
            if b == 0x25 || (plusIsSpace && b == 0x2B) || (lowercase && b &- 0x41 < 26) { needsCopy = true }
        }
        guard needsCopy else { return raw }
        let start = out
        var escapedHighBytes = false
        var i = 0
        let n = raw.count
        while i < n {
            var b = raw[i]
            if b == 0x25 {
                guard i + 2 < n, let hi = hexValue(raw[i + 1]), let lo = hexValue(raw[i + 2]) else {
                    throw .malformedEscape(base + i)
                }
                b = hi << 4 | lo
                if isControl(b) { throw .controlCharacter(base + i) }
                if b >= 0x80 { escapedHighBytes = true }
                if lowercase && b &- 0x41 < 26 { b |= 0x20 }
                i += 3
            } else {
                if plusIsSpace && b == 0x2B { b = 0x20 } else if lowercase && b &- 0x41 < 26 { b |= 0x20 }
                i += 1
            }
            out.pointee = b
            out += 1
        }
        let decoded = UnsafeBufferPointer(start: start, count: out - start)
        if escapedHighBytes && !isValidUTF8(decoded) { throw .invalidUTF8 }
        return decoded
    }

    /// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return false
            }
            guard i + length <= n else { return false }
            let b1 = bytes[i + 1]
            guard b1 >= lower && b1 <= upper else { return false }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
