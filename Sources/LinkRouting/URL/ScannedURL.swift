/// A decoded query pair; both sides point into the URL or the scratch buffer.
struct QueryPair {
    var key: UnsafeBufferPointer<UInt8>
    var value: UnsafeBufferPointer<UInt8>
}

/// A URL split and decoded per SPEC §2.1, as views into the caller's bytes and scratch buffers.
///
/// Valid only inside ``ScannedURL/with(_:_:)``: nothing here owns memory.
struct ScannedURL {
    /// The scheme as written (compare case-insensitively).
    var scheme: UnsafeBufferPointer<UInt8>
    /// `http` or `https`.
    var isWeb: Bool
    /// Web URLs: the host as written, with a default port removed (compare case-insensitively).
    var host: UnsafeBufferPointer<UInt8>
    /// Decoded path segments; for a custom scheme the first one is the (lowercased) host slot.
    var segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// Decoded query pairs in order.
    var query: UnsafeBufferPointer<QueryPair>

    /// Scans `url` into stack buffers and calls `body` with the result.
    ///
    /// Allocates nothing for URLs of ordinary size: the scratch buffers are temporary allocations.
    @inline(__always)
    static func with<R>(_ url: String, _ body: (borrowing ScannedURL) -> R) -> Result<R, MalformedURLError> {
        var url = url
        return url.withUTF8 { raw in
            var slashes = 0
            var ampersands = 0
            for b in raw {
                if b == 0x2F { slashes += 1 } else if b == 0x26 { ampersands += 1 }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count + 1) { scratch in
                withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: slashes + 2) { segs in
                    withUnsafeTemporaryAllocation(of: QueryPair.self, capacity: ampersands + 1) { pairs in
                        switch scan(raw, scratch: scratch, segments: segs, pairs: pairs) {
                        case .success(let scanned): .success(body(scanned))
                        case .failure(let error): .failure(error)
                        }
                    }
                }
            }
        }
    }

    // swiftlint:disable:next function_body_length
    static func scan(
        _ raw: UnsafeBufferPointer<UInt8>,
        scratch: UnsafeMutableBufferPointer<UInt8>,
        segments segs: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        pairs: UnsafeMutableBufferPointer<QueryPair>
    ) -> Result<ScannedURL, MalformedURLError> {
        let n = raw.count
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var i = 0
        while i < n, raw[i] != 0x3A {
            let b = raw[i]
            let alpha = (b | 0x20) &- 0x61 < 26
            if !(alpha || (i > 0 && (ByteParsing.isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E))) {
                return .failure(MalformedURLError(component: .scheme, reason: .invalidScheme, offset: i))
            }
            i += 1
        }
        guard i < n else { return .failure(MalformedURLError(component: .scheme, reason: .missingScheme, offset: 0)) }
        guard i > 0 else { return .failure(MalformedURLError(component: .scheme, reason: .invalidScheme, offset: 0)) }
        let scheme = UnsafeBufferPointer(rebasing: raw[0..<i])
        let isWeb = asciiEqualsLowercase(scheme, "https") || asciiEqualsLowercase(scheme, "http")
        i += 1  // ':'

        // The fragment is ignored; the query runs from the first '?' before it.
        var end = i
        while end < n, raw[end] != 0x23 { end += 1 }
        var queryStart = i
        while queryStart < end, raw[queryStart] != 0x3F { queryStart += 1 }
        let hierEnd = queryStart

        var host = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var pathStart = i
        if isWeb {
            guard hierEnd - i >= 2, raw[i] == 0x2F, raw[i + 1] == 0x2F else {
                return .failure(MalformedURLError(component: .host, reason: .missingHost, offset: i))
            }
            let authStart = i + 2
            var authEnd = authStart
            while authEnd < hierEnd, raw[authEnd] != 0x2F { authEnd += 1 }
            switch parseAuthority(raw, authStart, authEnd, https: scheme.count == 5) {
            case .success(let h): host = h
            case .failure(let e): return .failure(e)
            }
            pathStart = authEnd
            if pathStart < hierEnd { pathStart += 1 }  // the '/' after the authority
        } else {
            if hierEnd - pathStart >= 2, raw[pathStart] == 0x2F, raw[pathStart + 1] == 0x2F { pathStart += 2 }
            if pathStart < hierEnd, raw[pathStart] == 0x2F { pathStart += 1 }
        }

        // Path: split on '/', then decode each segment once; one trailing slash is ignored.
        var out = scratch.baseAddress!  // capacity is raw.count + 1, never empty
        var count = 0
        if pathStart < hierEnd {
            var segStart = pathStart
            var k = pathStart
            while true {
                if k == hierEnd || raw[k] == 0x2F {
                    let isTrailing = k == hierEnd && segStart == k && count > 0
                    if !isTrailing {
                        let rawSeg = UnsafeBufferPointer(rebasing: raw[segStart..<k])
                        let lower = !isWeb && count == 0
                        let decoded: UnsafeBufferPointer<UInt8>
                        do {
                            decoded = try PercentDecoding.decode(
                                rawSeg,
                                base: segStart,
                                plusIsSpace: false,
                                lowercase: lower,
                                out: &out
                            )
                        } catch {
                            return .failure(failure(error, component: lower ? .host : .path, at: segStart))
                        }
                        if isDotSegment(decoded) {
                            return .failure(
                                MalformedURLError(
                                    component: lower ? .host : .path,
                                    reason: .dotSegment,
                                    offset: segStart
                                )
                            )
                        }
                        segs[count] = decoded
                        count += 1
                    }
                    if k == hierEnd { break }
                    segStart = k + 1
                }
                k += 1
            }
        }

        // Query: split on '&' and the first '='; '+' is a space; decode once.
        var pairCount = 0
        if queryStart < end {
            var pieceStart = queryStart + 1
            var k = pieceStart
            while k <= end {
                if k == end || raw[k] == 0x26 {
                    if k > pieceStart {
                        var eq = pieceStart
                        while eq < k, raw[eq] != 0x3D { eq += 1 }
                        do {
                            let key = try PercentDecoding.decode(
                                UnsafeBufferPointer(rebasing: raw[pieceStart..<eq]),
                                base: pieceStart,
                                plusIsSpace: true,
                                lowercase: false,
                                out: &out
                            )
                            let valueStart = Swift.min(eq + 1, k)
                            let value = try PercentDecoding.decode(
                                UnsafeBufferPointer(rebasing: raw[valueStart..<k]),
                                base: valueStart,
                                plusIsSpace: true,
                                lowercase: false,
                                out: &out
                            )
                            pairs[pairCount] = QueryPair(key: key, value: value)
                            pairCount += 1
                        } catch {
                            return .failure(failure(error, component: .query, at: pieceStart))
                        }
                    }
                    pieceStart = k + 1
                }
                k += 1
            }
        }
        return .success(
            ScannedURL(
                scheme: scheme,
                isWeb: isWeb,
                host: host,
                segments: UnsafeBufferPointer(rebasing: segs[0..<count]),
                query: UnsafeBufferPointer(rebasing: pairs[0..<pairCount])
            )
        )
    }

    private static func failure(
        _ error: PercentDecoding.Failure,
        component: MalformedURLError.Component,
        at start: Int
    ) -> MalformedURLError {
        switch error {
        case .malformedEscape(let at): MalformedURLError(component: component, reason: .malformedEscape, offset: at)
        case .controlCharacter(let at): MalformedURLError(component: component, reason: .controlCharacter, offset: at)
        case .invalidUTF8: MalformedURLError(component: component, reason: .invalidUTF8, offset: start)
        }
    }

    /// Host and optional port; user info is refused, a default port dropped.
    private static func parseAuthority(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        https: Bool
    ) -> Result<UnsafeBufferPointer<UInt8>, MalformedURLError> {
        var portColon = -1
        var inBrackets = false
        for k in start..<end {
            let b = raw[k]
            if b == 0x40 { return .failure(MalformedURLError(component: .host, reason: .userInfo, offset: k)) }
            if PercentDecoding.isControl(b) || b == 0x25 || b == 0x20 {
                return .failure(MalformedURLError(component: .host, reason: .controlCharacter, offset: k))
            }
            if b == 0x5B { inBrackets = true } else if b == 0x5D { inBrackets = false }
            if b == 0x3A && !inBrackets { portColon = k }
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
        guard hostEnd > start else {
            return .failure(MalformedURLError(component: .host, reason: .missingHost, offset: start))
        }
        return .success(UnsafeBufferPointer(rebasing: raw[start..<hostEnd]))
    }

    @inline(__always) static func isDotSegment(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        (s.count == 1 && s[0] == 0x2E) || (s.count == 2 && s[0] == 0x2E && s[1] == 0x2E)
    }

    /// Compares ASCII case-insensitively against a lowercase literal.
    @inline(__always) static func asciiEqualsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString)
        -> Bool
    {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        let p = lower.utf8Start
        for i in 0..<bytes.count {
            let b = bytes[i]
            let folded = b &- 0x41 < 26 ? b | 0x20 : b
            if folded != p[i] { return false }
        }
        return true
    }

    /// Compares ASCII case-insensitively against lowercase bytes.
    @inline(__always) static func asciiEqualsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool {
        guard bytes.count == lower.count else { return false }
        for i in 0..<bytes.count {
            let b = bytes[i]
            let folded = b &- 0x41 < 26 ? b | 0x20 : b
            if folded != lower[i] { return false }
        }
        return true
    }
}
