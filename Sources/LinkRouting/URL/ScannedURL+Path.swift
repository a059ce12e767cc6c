/// Where the path's segments go as the split finds them: the scan's buffers, filled in order.
struct SegmentSink {
    let segments: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    /// Where decoded segments are written next (the scan's scratch buffer).
    var out: UnsafeMutablePointer<UInt8>
    var count = 0
    /// Some segment was decoded (or lowercased) into the scratch buffer.
    var decoded = false
    /// The path runs to the URL's end (no query, no fragment) and has no special byte but '/'
    /// (``PathWords``): each of its bytes is printable ASCII other than `"` and `\`, JSON text as
    /// it is. `false` for any other path, some of which are JSON text too.
    var isPlainText = false
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

    /// Adds `bytes[start..<end]`, a segment that may need decoding or lowercasing (a custom scheme's
    /// host slot), or be malformed: a control character, a malformed escape, invalid UTF-8, a dot
    /// segment. Segments of paths without special bytes are stored by
    /// ``ScannedURL/splitPath(_:count:from:to:customScheme:into:)`` itself.
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
    /// Splits the path `bytes[start..<end]` of a URL of `n` bytes on '/' into `sink`.
    ///
    /// First the segments as they stand in the URL, eight bytes at a time: each word's special
    /// bytes (``PathWords/specials(_:)``) are visited in order, a '/' ends a segment, a '?' or '#'
    /// ends the path, any other says that some segment needs a closer look. They are used as they
    /// are when the path had no such byte, else each one is decoded and checked again, in order
    /// (``SegmentSink/appendSpecial(_:_:_:hostSlot:)``). A custom scheme's first segment, its host
    /// slot, is always looked at (capitals are lowercased there). One trailing slash is ignored.
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
        guard let ranges = sink.ranges.baseAddress, let segments = sink.segments.baseAddress else { return nil }
        let room = Swift.min(sink.ranges.count, sink.segments.count)
        var end = end
        var count = 0
        var segStart = start
        var plain = true
        var k = start
        words: while k < end {
            var mask: UInt64
            if k &+ 8 <= end {
                // A whole word of the path: most have no special byte at all.
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + k).loadUnaligned(as: UInt64.self))
                mask = PathWords.specials(word)
            } else {
                mask = PathWords.specials(PathWords.load(bytes, at: k, count: n)) & PathWords.lanes(end &- k)
            }
            while mask != 0 {
                let p = k &+ mask.trailingZeroBitCount &>> 3
                mask &= mask &- 1
                let b = bytes[p]
                if b == 0x2F {
                    guard count < room else { return nil }
                    ranges[count] = Range(uncheckedBounds: (segStart, p))
                    segments[count] = UnsafeBufferPointer(start: bytes + segStart, count: p &- segStart)
                    count &+= 1
                    segStart = p &+ 1
                } else if b == 0x3F || b == 0x23 {
                    end = p
                    break words
                } else {
                    plain = false
                }
            }
            k &+= 8
        }
        // The last segment, unless it is the empty one after a trailing slash.
        if segStart < end || count == 0 {
            guard count < room else { return nil }
            ranges[count] = Range(uncheckedBounds: (segStart, end))
            segments[count] = UnsafeBufferPointer(start: bytes + segStart, count: end &- segStart)
            count &+= 1
        }
        var i = 0
        if _slowPath(customScheme && count > 0) {
            guard sink.appendSpecial(bytes, ranges[0].lowerBound, ranges[0].upperBound, hostSlot: true) else {
                return nil
            }
            i = 1
        }
        if _fastPath(plain) {
            sink.count = count
            sink.isPlainText = end == n
            return end
        }
        while i < count {
            guard sink.appendSpecial(bytes, ranges[i].lowerBound, ranges[i].upperBound, hostSlot: false) else {
                return nil
            }
            i &+= 1
        }
        return end
    }
}
