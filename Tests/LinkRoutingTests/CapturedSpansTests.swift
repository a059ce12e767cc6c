import Testing

@testable import LinkRouting

/// The inline spans pack each capture in one word: every field must come back as it went in, at
/// the edges of its bits, and a URL or table too large for them must be refused.
@Suite struct CapturedSpansTests {
    @Test func spansRoundTripAtTheEdgesOfTheirBits() {
        let spans = [
            CapturedSpan(start: 0, end: 0, spec: 0, quickCheck: .none, hostSlot: false, verbatim: false),
            CapturedSpan(
                start: (1 << 22) - 1,
                end: (1 << 22) - 1,
                spec: (1 << 15) - 1,
                quickCheck: .slug,
                hostSlot: true,
                verbatim: true
            ),
            CapturedSpan(start: 7, end: 4_000_000, spec: 12_345, quickCheck: .int, hostSlot: false, verbatim: true),
            CapturedSpan(start: 1, end: 2, spec: 3, quickCheck: .uint, hostSlot: true, verbatim: false),
        ]
        var packed = CapturedSpans()
        packed.tag = -7
        for span in spans {
            let appended = packed.append(span)
            #expect(appended)
        }
        let overflowed = packed.append(spans[0])
        #expect(!overflowed)
        #expect(packed.count == 4)
        #expect(packed.tag == -7)
        for (i, span) in spans.enumerated() {
            let back = packed[i]
            #expect(back.start == span.start && back.end == span.end && back.spec == span.spec)
            #expect(back.quickCheck == span.quickCheck && back.hostSlot == span.hostSlot)
            #expect(back.verbatim == span.verbatim)
        }
        packed.tag = Int32.max
        #expect(packed.count == 4 && packed.tag == Int32.max)
    }

    @Test func largeURLsAndTablesDoNotFit() {
        #expect(CapturedSpans.fits(urlLength: (1 << 22) - 1, specCount: 1 << 15))
        #expect(!CapturedSpans.fits(urlLength: 1 << 22, specCount: 1))
        #expect(!CapturedSpans.fits(urlLength: 10, specCount: (1 << 15) + 1))
    }

    @Test func aMatchOnALongURLKeepsItsCapturesOutOfLine() throws {
        let table = try makeTable([("p", "/p/{a}/{b:int}")])
        let long = String(repeating: "x", count: 1 << 22)
        let match = try #require(try table.match("shop://p/\(long)/42"))
        #expect(match.paramCount == 2)
        #expect(match["b"] == .int(42))
        #expect(match["a"] == .string(long))
    }
}
