@testable import LinkRouting

/// A byte-at-a-time reading of SPEC §2.1's path and query rules, to check the word-at-a-time split
/// against: where the path starts and ends, its segments (decoded) with their raw ranges, the query
/// pairs, or the first error.
struct PathSplitReference: Equatable, CustomStringConvertible {
    var segments: [[UInt8]] = []
    var ranges: [Range<Int>] = []
    var query: [[UInt8]] = []
    var error: MalformedURLError?

    /// A malformed URL has nothing more to compare than its error.
    static func == (a: Self, b: Self) -> Bool {
        if a.error != nil || b.error != nil { return a.error == b.error }
        return a.segments == b.segments && a.ranges == b.ranges && a.query == b.query
    }

    var description: String {
        if let error { return "\(error)" }
        let text = segments.map { String(decoding: $0, as: UTF8.self).debugDescription }
        return "\(text) at \(ranges), query \(query.map { String(decoding: $0, as: UTF8.self).debugDescription })"
    }

    init() {}

    /// Reads `bytes`, whose path starts at `pathStart` (past the authority and its '/', or past the
    /// custom scheme's `:` and slashes).
    init(_ bytes: [UInt8], pathStart: Int, customScheme: Bool) {
        var end = pathStart
        while end < bytes.count && bytes[end] != 0x3F && bytes[end] != 0x23 { end += 1 }
        var pieces: [Range<Int>] = []
        if pathStart < end {
            var start = pathStart
            for i in pathStart..<end where bytes[i] == 0x2F {
                pieces.append(start..<i)
                start = i + 1
            }
            pieces.append(start..<end)
            if pieces.count > 1 && pieces[pieces.count - 1].isEmpty { pieces.removeLast() }
        }
        for (j, piece) in pieces.enumerated() {
            let hostSlot = customScheme && j == 0
            let component: MalformedURLError.Component = hostSlot ? .host : .path
            let decoded: [UInt8]
            switch Self.decode(bytes, piece, plusIsSpace: false, lowercase: hostSlot, component) {
            case .success(let bytes): decoded = bytes
            case .failure(let failure):
                error = failure
                return
            }
            if decoded == [0x2E] || decoded == [0x2E, 0x2E] {
                error = MalformedURLError(component: component, reason: .dotSegment, offset: piece.lowerBound)
                return
            }
            segments.append(decoded)
            ranges.append(piece)
        }
        guard end < bytes.count && bytes[end] == 0x3F else { return }
        var queryEnd = end + 1
        while queryEnd < bytes.count && bytes[queryEnd] != 0x23 { queryEnd += 1 }
        var start = end + 1
        for i in (end + 1)...queryEnd where i == queryEnd || bytes[i] == 0x26 {
            defer { start = i + 1 }
            guard i > start else { continue }
            var eq = start
            while eq < i && bytes[eq] != 0x3D { eq += 1 }
            let valueStart = min(eq + 1, i)
            let key = Self.decode(bytes, start..<eq, plusIsSpace: true, lowercase: false, .query)
            let value = Self.decode(bytes, valueStart..<i, plusIsSpace: true, lowercase: false, .query)
            switch (key, value) {
            case (.success(let key), .success(let value)): query.append(key + [0x3D] + value)
            case (.failure(let failure), _), (.success, .failure(let failure)):
                // A query component's invalid UTF-8 is reported where its pair starts.
                let offset = failure.reason == .invalidUTF8 ? start : failure.offset
                error = MalformedURLError(component: .query, reason: failure.reason, offset: offset)
                return
            }
        }
    }

    /// Decodes one component, or says what is wrong with it (invalid UTF-8 at the component's start).
    private static func decode(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        plusIsSpace: Bool,
        lowercase: Bool,
        _ component: MalformedURLError.Component
    ) -> Result<[UInt8], MalformedURLError> {
        var out: [UInt8] = []
        var i = range.lowerBound
        for k in range where PercentDecoding.isControl(bytes[k]) {
            return .failure(MalformedURLError(component: component, reason: .controlCharacter, offset: k))
        }
        var escapedHigh = false
        while i < range.upperBound {
            var b = bytes[i]
            if b == 0x25 {
                guard i + 2 < range.upperBound, let hi = PercentDecoding.hexValue(bytes[i + 1]),
                    let lo = PercentDecoding.hexValue(bytes[i + 2])
                else {
                    return .failure(MalformedURLError(component: component, reason: .malformedEscape, offset: i))
                }
                b = hi << 4 | lo
                if PercentDecoding.isControl(b) {
                    return .failure(MalformedURLError(component: component, reason: .controlCharacter, offset: i))
                }
                escapedHigh = escapedHigh || b >= 0x80
                i += 3
            } else {
                if plusIsSpace && b == 0x2B { b = 0x20 }
                i += 1
            }
            if lowercase && b >= 0x41 && b <= 0x5A { b |= 0x20 }
            out.append(b)
        }
        if escapedHigh && String(validating: out, as: UTF8.self) == nil {
            return .failure(MalformedURLError(component: component, reason: .invalidUTF8, offset: range.lowerBound))
        }
        return .success(out)
    }
}
