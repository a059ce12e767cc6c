extension RouteTrie {
    /// The typed value of a capture: its bytes in the URL decoded as the match decoded them (each
    /// segment once, the host slot lowercased), then converted with the capture's spec.
    ///
    /// The match already checked the capture against its spec, so conversion succeeds; `null`
    /// stands in should the URL's bytes not be the ones the match saw.
    @inline(__always)  // into the loop over a match's captures, which lends the URL's bytes once
    func value(of span: CapturedSpan, in raw: UnsafeBufferPointer<UInt8>) -> ParamValue {
        guard span.start >= 0, span.start <= span.end, span.end <= raw.count else { return .null }
        let bytes = UnsafeBufferPointer(rebasing: raw[span.start..<span.end])
        guard span.verbatim else { return decodedValue(bytes, span) }
        return converted(bytes, span)
    }

    /// ``value(of:in:)`` for a capture whose bytes are not its value as they stand (escapes to
    /// decode, a host slot to lowercase): apart, so that the loop over captures stays short.
    @inline(never)
    private func decodedValue(_ bytes: UnsafeBufferPointer<UInt8>, _ span: CapturedSpan) -> ParamValue {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { scratch in
            guard let start = scratch.baseAddress else { return .null }
            var out = start
            var pieceStart = 0
            while true {
                var pieceEnd = pieceStart
                while pieceEnd < bytes.count && bytes[pieceEnd] != 0x2F { pieceEnd += 1 }
                let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd])
                let before = out
                guard
                    let decoded = try? PercentDecoding.decode(
                        piece,
                        base: span.start + pieceStart,
                        plusIsSpace: false,
                        lowercase: span.hostSlot && pieceStart == 0,
                        out: &out
                    )
                else { return .null }
                if out == before, let base = decoded.baseAddress {
                    // Unchanged: decode hands the piece back without copying it.
                    out.update(from: base, count: decoded.count)
                    out += decoded.count
                }
                guard pieceEnd < bytes.count else { break }
                out.pointee = 0x2F
                out += 1
                pieceStart = pieceEnd + 1
            }
            return converted(UnsafeBufferPointer(start: start, count: out - start), span)
        }
    }

    @inline(__always)
    private func converted(_ bytes: UnsafeBufferPointer<UInt8>, _ span: CapturedSpan) -> ParamValue {
        // Text first, by compares: a switch's jump table is one more line of data to read.
        if span.quickCheck == .string || span.quickCheck == .slug { return .string(ByteParsing.text(bytes)) }
        if span.quickCheck == .int { return ByteParsing.int64(bytes).map { .int($0) } ?? .null }
        if span.quickCheck == .uint { return ByteParsing.uint64(bytes).map { .uint($0) } ?? .null }
        return specs[Int(span.spec)].converted(bytes) ?? .null
    }
}
