#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Web URLs: the index of ``host`` among the known hosts given to the scan when it is one of
    /// them as written (see ``ByteKeys/plainHost(in:at:)``), else -1 (look it up).
    var hostIndex: Int
    /// Decoded path segments; for a custom scheme the first one is the (lowercased) host slot.
    var segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// Where each segment is in the URL's UTF-8, before decoding.
    var rawSegments: UnsafeBufferPointer<Range<Int>>
    /// Decoded query pairs in order.
    var query: UnsafeBufferPointer<QueryPair>
    /// The URL's length in bytes.
    var length: Int
    /// Some segment was decoded (or lowercased) into the scratch buffer; the others point into the URL.
    var pathDecoded: Bool
    /// Every byte of the URL is printable ASCII other than `"` and `\`: the URL is JSON text as
    /// it is. `false` may also mean "not looked at" (a query, a fragment, a host not known as
    /// written).
    var isPlainText: Bool

    /// Scans `url` into stack buffers and calls `body` with the result.
    ///
    /// Allocates nothing for URLs of ordinary size: the scratch buffers are temporary allocations.
    /// - Parameter knownHosts: hosts to recognise as written, setting ``hostIndex``.
    @inline(__always)
    static func with<R>(_ url: String, knownHosts: ByteKeys? = nil, _ body: (ScannedURL) -> R)
        -> Result<R, MalformedURLError>
    {
        // Native strings lend their bytes without a copy of the string (and its reference counting).
        if let result = url.utf8.withContiguousStorageIfAvailable({ with(bytes: $0, knownHosts, body) }) {
            return result
        }
        var url = url
        return url.withUTF8 { with(bytes: $0, knownHosts, body) }
    }

    /// ``with(_:_:)`` on the URL's UTF-8.
    @inline(__always)
    static func with<R>(
        bytes raw: UnsafeBufferPointer<UInt8>,
        _ knownHosts: ByteKeys?,
        _ body: (ScannedURL) -> R
    ) -> Result<R, MalformedURLError> {
        let n = raw.count
        // `_fastPath` and `_slowPath` here and in the scan only lay the code out: malformed URLs,
        // unknown hosts, escapes, long URLs and (at the cost of a jump or two) custom schemes out
        // of the way of web links to known hosts, whose scan then runs through fewer lines of code.
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"; web links mostly say `https:`.
        var i = 0
        var isWeb = false
        if n >= 6 && raw[0] == 0x68 && raw[1] == 0x74 && raw[2] == 0x74 && raw[3] == 0x70 {
            if raw[4] == 0x3A {
                (i, isWeb) = (4, true)
            } else if raw[4] == 0x73 && raw[5] == 0x3A {
                (i, isWeb) = (5, true)
            }
        }
        while i < n, raw[i] != 0x3A {
            let b = raw[i]
            let alpha = (b | 0x20) &- 0x61 < 26
            if _slowPath(!(alpha || (i > 0 && (ByteParsing.isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E)))) {
                return .failure(MalformedURLError(component: .scheme, reason: .invalidScheme, offset: i))
            }
            i += 1
        }
        guard _fastPath(i < n) else {
            return .failure(MalformedURLError(component: .scheme, reason: .missingScheme, offset: 0))
        }
        guard _fastPath(i > 0) else {
            return .failure(MalformedURLError(component: .scheme, reason: .invalidScheme, offset: 0))
        }
        if _slowPath(!isWeb) {
            let scheme = UnsafeBufferPointer(rebasing: raw[0..<i])
            isWeb = asciiEqualsLowercase(scheme, "https") || asciiEqualsLowercase(scheme, "http")
        }
        let bounds = Bounds(schemeEnd: i, isWeb: isWeb, knownHosts: knownHosts)
        // Small buffers of a fixed size stay on the stack (a constant size costs no arithmetic
        // or check); a URL with more segments or pairs than they hold (rare) is scanned again
        // with room for the worst case. Where the path, the query and the fragment start is
        // found by the scan itself.
        if _fastPath(n < 256) {
            // The usual URL: the scan inlined here (its parts go to `body` without being copied out
            // and back), and only here, which keeps the code of each caller small.
            let outcome = scanUsual(raw, bounds, body)
            switch outcome {
            case .scanned(let result): return .success(result)
            case .malformed(let error): return .failure(error)
            case .needsRoom: break
            }
        } else {
            switch scan(raw, bounds, segmentRoom: 24, pairRoom: 8, body) {
            case .scanned(let result): return .success(result)
            case .malformed(let error): return .failure(error)
            case .needsRoom: break
            }
        }
        let pathRoom = n - i + 1
        let queryRoom = n / 2 + 1
        switch scan(raw, bounds, segmentRoom: pathRoom, pairRoom: queryRoom, body) {
        case .scanned(let result): return .success(result)
        case .malformed(let error): return .failure(error)
        case .needsRoom:
            // A programmer invariant, not input: this scan has room for every segment and pair.
            preconditionFailure("the second scan has room for every segment and pair")
        }
    }

    enum Outcome<R> {
        case scanned(R)
        case malformed(MalformedURLError)
        case needsRoom
    }

    /// The scan of a URL under 256 bytes into fixed buffers on the stack, inlined.
    @inline(__always)
    private static func scanUsual<R>(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ bounds: Bounds,
        _ body: (ScannedURL) -> R
    ) -> Outcome<R> {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { scratch in
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: 24) { segs in
                withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 24) { ranges in
                    withUnsafeTemporaryAllocation(of: QueryPair.self, capacity: 8) { pairs in
                        switch scanInline(raw, bounds, scratch: scratch, segments: segs, ranges: ranges, pairs: pairs) {
                        case .scanned(let scanned): .scanned(body(scanned))
                        case .malformed(let error): .malformed(error)
                        case .needsRoom: .needsRoom
                        }
                    }
                }
            }
        }
    }

    /// The scan of long URLs, or with room for more segments or pairs than the fixed buffers hold.
    private static func scan<R>(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ bounds: Bounds,
        segmentRoom: Int,
        pairRoom: Int,
        _ body: (ScannedURL) -> R
    ) -> Outcome<R> {
        // Decoding writes at most the URL's bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(raw.count + 1, 256)) { scratch in
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: segmentRoom) { segs in
                withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: segmentRoom) { ranges in
                    withUnsafeTemporaryAllocation(of: QueryPair.self, capacity: pairRoom) { pairs in
                        switch scan(raw, bounds, scratch: scratch, segments: segs, ranges: ranges, pairs: pairs) {
                        case .scanned(let scanned): .scanned(body(scanned))
                        case .malformed(let error): .malformed(error)
                        case .needsRoom: .needsRoom
                        }
                    }
                }
            }
        }
    }

    /// Where the parts of the URL end: `scheme:` hier-part `?query` `#fragment`.
    struct Bounds {
        var schemeEnd: Int
        /// The scheme is `http` or `https`, in any case.
        var isWeb: Bool
        /// Hosts that the authority is compared with first.
        var knownHosts: ByteKeys?
    }

    /// ``scanInline(_:_:scratch:segments:ranges:pairs:)`` called, for the rare paths.
    @inline(never)
    static func scan(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ bounds: Bounds,
        scratch: UnsafeMutableBufferPointer<UInt8>,
        segments segs: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        ranges: UnsafeMutableBufferPointer<Range<Int>>,
        pairs: UnsafeMutableBufferPointer<QueryPair>
    ) -> Outcome<ScannedURL> {
        scanInline(raw, bounds, scratch: scratch, segments: segs, ranges: ranges, pairs: pairs)
    }

    /// Splits and decodes `raw` into the buffers.
    @inline(__always)
    static func scanInline(
        _ raw: UnsafeBufferPointer<UInt8>,
        _ bounds: Bounds,
        scratch: UnsafeMutableBufferPointer<UInt8>,
        segments segs: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        ranges: UnsafeMutableBufferPointer<Range<Int>>,
        pairs: UnsafeMutableBufferPointer<QueryPair>
    ) -> Outcome<ScannedURL> {
        let scheme = UnsafeBufferPointer(rebasing: raw[0..<bounds.schemeEnd])
        let isWeb = bounds.isWeb
        let n = raw.count
        var host = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var hostIndex = -1
        var pathStart = bounds.schemeEnd + 1
        if isWeb {
            let i = pathStart
            guard _fastPath(n - i >= 2 && raw[i] == 0x2F && raw[i + 1] == 0x2F) else {
                return .malformed(MalformedURLError(component: .host, reason: .missingHost, offset: i))
            }
            let authEnd: Int
            let known = bounds.knownHosts?.plainHost(in: raw, at: i + 2)
            if _fastPath(known != nil), let known {
                host = UnsafeBufferPointer(rebasing: raw[(i + 2)..<known.end])
                hostIndex = known.index
                authEnd = known.end
            } else {
                switch parseAuthority(raw, i + 2, n, https: scheme.count == 5) {
                case .success(let (h, end)):
                    host = h
                    authEnd = end
                case .failure(let e): return .malformed(e)
                }
            }
            // Past the '/' after the authority (it may end on '?' or '#' instead).
            pathStart = authEnd < n && raw[authEnd] == 0x2F ? authEnd + 1 : authEnd
        } else {
            if n - pathStart >= 2, raw[pathStart] == 0x2F, raw[pathStart + 1] == 0x2F { pathStart += 2 }
            if pathStart < n, raw[pathStart] == 0x2F { pathStart += 1 }
        }
        // The path ends at the first '?' (the query) or '#' (the fragment, ignored): the path
        // loop stops there, or the path is empty.
        var hierEnd = n
        if pathStart < n && (raw[pathStart] == 0x3F || raw[pathStart] == 0x23) { hierEnd = pathStart }

        // Path: split on '/', then decode each segment once; one trailing slash is ignored.
        // Segments without '%' (or capitals in a custom scheme's host slot) are used in place.
        var sink = SegmentSink(segments: segs, ranges: ranges, out: scratch.baseAddress!)  // never empty
        // The scheme's bytes are letters, digits, `+`, `-` and `.`; a host known as written has
        // only `a-z 0-9 . -`: the URL is plain text when its path is and nothing follows it.
        var isPlainText = false
        if pathStart < hierEnd {
            let bytes = raw.baseAddress!  // pathStart < hierEnd <= raw.count
            let split = splitPath(bytes, count: n, from: pathStart, to: hierEnd, customScheme: !isWeb, into: &sink)
            guard _fastPath(split != nil), let pathEnd = split else {
                if let failure = sink.failure { return .malformed(failure) }
                return .needsRoom
            }
            hierEnd = pathEnd
            isPlainText = sink.isPlainText
        } else {
            isPlainText = pathStart == n
        }
        if isWeb && hostIndex < 0 { isPlainText = false }
        var out = sink.out
        let count = sink.count

        // Query: split on '&' and the first '='; '+' is a space; decode once.
        var pairCount = 0
        if hierEnd < n && raw[hierEnd] == 0x3F, let base = raw.baseAddress {
            // The query runs to the fragment ('#'), which is ignored.
            let end = ScannedURL.find(0x23, base, from: hierEnd + 1, to: n)
            var pieceStart = hierEnd + 1
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
                            guard pairCount < pairs.count else { return .needsRoom }
                            pairs[pairCount] = QueryPair(key: key, value: value)
                            pairCount += 1
                        } catch {
                            return .malformed(failure(error, component: .query, at: pieceStart))
                        }
                    }
                    pieceStart = k + 1
                }
                k += 1
            }
        }
        return .scanned(
            ScannedURL(
                scheme: scheme,
                isWeb: isWeb,
                host: host,
                hostIndex: hostIndex,
                segments: UnsafeBufferPointer(rebasing: segs[0..<count]),
                rawSegments: UnsafeBufferPointer(rebasing: ranges[0..<count]),
                query: UnsafeBufferPointer(rebasing: pairs[0..<pairCount]),
                length: raw.count,
                pathDecoded: sink.decoded,
                isPlainText: isPlainText
            )
        )
    }

    /// Index of the first `byte` in `from..<to`, or `to` (memchr: vectorised in libc).
    @inline(__always) static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let hit = memchr(base + from, Int32(byte), to - from) else { return to }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    static func failure(
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
}
