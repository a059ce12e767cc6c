/// Parsers over UTF-8 bytes for the typed placeholders. None of them allocates.
enum ByteParsing {
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmpBytes(pa, pb, a.count) == 0
    }

    /// Lexicographic byte comparison: negative, zero or positive.
    static func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var i = 0
        while i < count {
            let x = a[i]
            let y = b[i]
            if x != y { return x < y ? -1 : 1 }
            i += 1
        }
        return 0
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// `String(decoding: bytes, as: UTF8.self)`, with shorter paths for up to 15 bytes (a small
    /// string, as most captured values are): ASCII bytes made into the string's words directly
    /// (``SmallStringLayout/ascii(_:count:)``); other bytes copied straight into the string by word
    /// moves (``ByteWords/copy(from:to:count:)``), which checks (and repairs) them in place, instead
    /// of the general decoder's validation first.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15, let source = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        if let small = SmallStringLayout.ascii(source, count: bytes.count) { return small }
        return String(unsafeUninitializedCapacity: bytes.count) { target in
            guard let base = target.baseAddress else { return 0 }
            ByteWords.copy(from: source, to: base, count: bytes.count)
            return bytes.count
        }
    }

    static func isSlugByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20) &- 0x61 < 26 || b == 0x2D || b == 0x5F
    }

    static func uint64(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !bytes.isEmpty else { return nil }
        var v: UInt64 = 0
        for b in bytes {
            guard isDigit(b) else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(b &- 0x30))
            if o1 || o2 { return nil }
            v = s
        }
        return v
    }

    static func int64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let first = bytes.first else { return nil }
        let negative = first == 0x2D
        let digits = negative ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
        guard let magnitude = uint64(digits) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// `-?digits(.digits)?([eE][+-]?digits)?`, finite.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = bytes.count
        if i < n, bytes[i] == 0x2D { i += 1 }
        let intStart = i
        while i < n, isDigit(bytes[i]) { i += 1 }
        guard i > intStart else { return nil }
        if i < n, bytes[i] == 0x2E {
            i += 1
            let fracStart = i
            while i < n, isDigit(bytes[i]) { i += 1 }
            guard i > fracStart else { return nil }
        }
        if i < n, bytes[i] | 0x20 == 0x65 {
            i += 1
            if i < n, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            let expStart = i
            while i < n, isDigit(bytes[i]) { i += 1 }
            guard i > expStart else { return nil }
        }
        guard i == n else { return nil }
        guard let v = Double(String(decoding: bytes, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch bytes.count {
        case 4 where bytes[0] == 0x74 && bytes[1] == 0x72 && bytes[2] == 0x75 && bytes[3] == 0x65: true
        case 5
        where bytes[0] == 0x66 && bytes[1] == 0x61 && bytes[2] == 0x6C && bytes[3] == 0x73 && bytes[4] == 0x65:
            false
        default: nil
        }
    }

    private static func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) &- 0x61 < 6 }

    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == 0x2D else { return false }
            } else {
                guard isHex(b) else { return false }
            }
        }
        return true
    }

    /// Reads `count` digits at `at` as a number.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at + count <= bytes.count else { return nil }
        var v = 0
        for i in at..<(at + count) {
            guard isDigit(bytes[i]) else { return nil }
            v = v * 10 + Int(bytes[i] &- 0x30)
        }
        return v
    }

    /// `YYYY-MM-DD`, optionally `THH:MM(:SS(.fraction)?)?` and `Z` or `±HH:MM`.
    static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 10, let year = digits(bytes, 0, 4), bytes[4] == 0x2D, let month = digits(bytes, 5, 2),
            bytes[7] == 0x2D, let day = digits(bytes, 8, 2)
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return false }
        if bytes.count == 10 { return true }
        guard bytes[10] == 0x54, let hour = digits(bytes, 11, 2), hour < 24, bytes.count >= 16, bytes[13] == 0x3A,
            let minute = digits(bytes, 14, 2), minute < 60
        else { return false }
        var i = 16
        if i < bytes.count, bytes[i] == 0x3A {
            guard let second = digits(bytes, i + 1, 2), second < 61 else { return false }
            i += 3
            if i < bytes.count, bytes[i] == 0x2E {
                i += 1
                let start = i
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
                guard i > start else { return false }
            }
        }
        guard i < bytes.count else { return true }
        if bytes[i] == 0x5A { return i + 1 == bytes.count }
        guard bytes[i] == 0x2B || bytes[i] == 0x2D, i + 6 == bytes.count, let oh = digits(bytes, i + 1, 2), oh < 24,
            bytes[i + 3] == 0x3A, let om = digits(bytes, i + 4, 2), om < 60
        else { return false }
        return true
    }
}
