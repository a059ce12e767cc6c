/// Percent-encoding for rendering canonical URLs and reverse-routed links.
enum PercentEncoding {
    enum Allowed {
        /// Unreserved plus sub-delimiters, `:` and `@` (RFC 3986 `pchar`).
        case pathSegment
        /// Unreserved plus the sub-delimiters that carry no meaning in `k=v&k=v` (`+` is encoded).
        case queryComponent
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        ByteParsing.isDigit(b) || (b | 0x20) &- 0x61 < 26 || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    private static func keeps(_ b: UInt8, _ allowed: Allowed) -> Bool {
        if isUnreserved(b) { return true }
        switch allowed {
        case .pathSegment:
            // ! $ & ' ( ) * + , ; = : @
            return b == 0x21 || b == 0x24 || (b >= 0x26 && b <= 0x2C) || b == 0x3B || b == 0x3D || b == 0x3A
                || b == 0x40
        case .queryComponent:
            // ! $ ' ( ) * , ; : @ /
            return b == 0x21 || b == 0x24 || (b >= 0x27 && b <= 0x2A) || b == 0x2C || b == 0x3B || b == 0x3A
                || b == 0x40 || b == 0x2F
        }
    }

    static func encode(_ text: String, allowed: Allowed) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            if keeps(b, allowed) {
                bytes.append(b)
            } else {
                bytes.append(0x25)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
