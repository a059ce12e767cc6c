extension ScannedURL {
    /// Host and optional port, up to the first '/', '?' or '#'; user info is refused, a default port dropped.
    /// - Returns: the host and the index where the authority ends.
    static func parseAuthority(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ limit: Int,
        https: Bool
    ) -> Result<(UnsafeBufferPointer<UInt8>, Int), MalformedURLError> {
        var portColon = -1
        var inBrackets = false
        var end = start
        while end < limit {
            let b = raw[end]
            if b &- 0x61 < 26 || (b | 0x20) &- 0x61 < 26 || ByteParsing.isDigit(b) || b == 0x2E || b == 0x2D {
                end += 1
                continue
            }
            if b == 0x2F || b == 0x3F || b == 0x23 { break }  // the path, the query or the fragment
            if b == 0x40 { return .failure(MalformedURLError(component: .host, reason: .userInfo, offset: end)) }
            if PercentDecoding.isControl(b) {
                return .failure(MalformedURLError(component: .host, reason: .controlCharacter, offset: end))
            }
            if b == 0x25 || b == 0x20 {
                return .failure(MalformedURLError(component: .host, reason: .invalidHostCharacter, offset: end))
            }
            if b == 0x5B { inBrackets = true } else if b == 0x5D { inBrackets = false }
            if b == 0x3A && !inBrackets { portColon = end }
            end += 1
        }
        var hostEnd = end
        if portColon >= 0 {
            let port = UnsafeBufferPointer(rebasing: raw[(portColon + 1)..<end])
            if !port.isEmpty {
                guard let value = ByteParsing.uint64(port), value <= 65535 else {
                    return .failure(MalformedURLError(component: .host, reason: .invalidPort, offset: portColon + 1))
                }
                if value == (https ? 443 : 80) { hostEnd = portColon }
            } else {
                hostEnd = portColon
            }
        }
        // A fully qualified name's trailing dot names the same host (`shop.example.com.`).
        if hostEnd - 1 > start && raw[hostEnd - 1] == 0x2E { hostEnd -= 1 }
        guard hostEnd > start else {
            return .failure(MalformedURLError(component: .host, reason: .missingHost, offset: start))
        }
        return .success((UnsafeBufferPointer(rebasing: raw[start..<hostEnd]), end))
    }
}
