/// Where the path's segments go as the split finds them: the scan's buffers, filled in order.
struct SegmentSink {
    let segments: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    /// Where decoded segments are written next (the scan's scratch buffer).
    var out: UnsafeMutablePointer<UInt8>
    var count = 0
    /// Some segment was decoded (or lowercased) into the scratch buffer.
    var decoded = false
    /// Why the split stopped early: a malformed segment, or `nil` when the buffers are full.
    var failure: MalformedURLError?

    init(
        segments: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        ranges: UnsafeMutableBufferPointer<Range<Int>>,
        out: UnsafeMutablePointer<UInt8>
    ) {
        self.segments = segments
        self.ranges = ranges
        self.out = out
    }

    /// Adds `bytes[start..<end]`, used in place unless it is `special`: it holds a byte other than
    /// letters, digits and ordinary punctuation (see ``PathWords``), or it is a custom scheme's host
    /// slot (the first segment when `customScheme`).
    /// - Returns: `false` when the segment is malformed (``failure``) or there is no room left.
    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, special: Bool, customScheme: Bool)
        -> Bool
    {
        if special { return appendSpecial(bytes, start, end, hostSlot: customScheme && count == 0) }
        guard count < segments.count else { return false }
        // start <= end <= the URL's length: the segment is inside the URL.
        segments[count] = UnsafeBufferPointer(start: bytes + start, count: end &- start)
        ranges[count] = Range(uncheckedBounds: (start, end))
        count &+= 1
        return true
    }

    /// Adds `bytes[start..<end]`, a segment that may need decoding or lowercasing (a custom scheme's
    /// host slot), or be malformed: a control character, a malformed escape, invalid UTF-8, a dot
    /// segment.
    /// - Returns: `false` when the segment is malformed (``failure``) or there is no room left.
    @inline(never)
    mutating func appendSpecial(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, hostSlot: Bool) -> Bool {
        let raw = UnsafeBufferPointer(start: bytes + start, count: end &- start)
        let component: MalformedURLError.Component = hostSlot ? .host : .path
        let segment: UnsafeBufferPointer<UInt8>
        do {
            segment = try PercentDecoding.decode(raw, base: start, plusIsSpace: false, lowercase: hostSlot, out: &out)
        } catch {
            failure = ScannedURL.failure(error, component: component, at: start)
            return false
        }
        if segment.baseAddress != raw.baseAddress { decoded = true }
        if segment.count <= 2 && ScannedURL.isDotSegment(segment) {
            failure = MalformedURLError(component: component, reason: .dotSegment, offset: start)
            return false
        }
        guard count < segments.count else { return false }
        segments[count] = segment
        ranges[count] = Range(uncheckedBounds: (start, end))
        count &+= 1
        return true
    }
}

extension ScannedURL {
    /// Splits the path `bytes[start..<end]` of a URL of `n` bytes on '/' into `sink`, eight bytes
    /// at a time: each word's special bytes (``PathWords/specials(_:)``) are visited in order, a
    /// '/' ends a segment, a '?' or '#' ends the path, any other marks its segment for a closer
    /// look. One trailing slash is ignored; a custom scheme's first segment is its host slot.
    ///
    /// - Returns: where the path ends (`end`, or the first '?' or '#'), or `nil` when the split
    ///   stopped: a malformed segment (``SegmentSink/failure``) or no room left (no failure).
    @inline(__always)
    static func splitPath(
        _ bytes: UnsafePointer<UInt8>,
        count n: Int,
        from start: Int,
        to end: Int,
        customScheme: Bool,
        into sink: inout SegmentSink
    ) -> Int? {
        var end = end
        var segStart = start
        // The segment being read needs a closer look: it holds a special byte other than '/', or
        // it is a custom scheme's host slot (capitals are lowercased there).
        var special = customScheme
        var k = start
        words: while k < end {
            var mask = PathWords.specials(PathWords.load(bytes, at: k, count: n)) & PathWords.lanes(end &- k)
            while mask != 0 {
                let p = k &+ mask.trailingZeroBitCount &>> 3
                mask &= mask &- 1
                let b = bytes[p]
                if b == 0x2F {
                    guard sink.append(bytes, segStart, p, special: special, customScheme: customScheme) else {
                        return nil
                    }
                    segStart = p &+ 1
                    special = false
                } else if b == 0x3F || b == 0x23 {
                    end = p
                    break words
                } else {
                    special = true
                }
            }
            k &+= 8
        }
        // The last segment, unless it is the empty one after a trailing slash.
        if segStart < end || sink.count == 0 {
            guard sink.append(bytes, segStart, end, special: special, customScheme: customScheme) else { return nil }
        }
        return end
    }
}
