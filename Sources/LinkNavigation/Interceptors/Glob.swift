/// `*` (any run) and `?` (one byte) globs over UTF-8 bytes, for `strip_query` param names.
enum Glob {
    static func matches(_ pattern: String, _ name: [UInt8]) -> Bool {
        let p = Array(pattern.utf8)
        var pi = 0
        var ni = 0
        var star = -1
        var mark = 0
        while ni < name.count {
            if pi < p.count && (p[pi] == 0x3F || p[pi] == name[ni]) {
                pi += 1
                ni += 1
            } else if pi < p.count && p[pi] == 0x2A {
                star = pi
                mark = ni
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ni = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == 0x2A { pi += 1 }
        return pi == p.count
    }
}

/// A query param name as it compares: `+` is a space, percent-escapes decoded (malformed ones kept).
enum QueryName {
    static func decoded(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b == 0x25, i + 2 < raw.count, let hi = hex(raw[i + 1]), let lo = hex(raw[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b == 0x2B ? 0x20 : b)
                i += 1
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x37
        case 0x61...0x66: b - 0x57
        default: nil
        }
    }
}
