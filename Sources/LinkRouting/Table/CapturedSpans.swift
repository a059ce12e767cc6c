/// A path capture of a match, kept as bytes of the URL until its value is asked for.
struct CapturedSpan: Sendable {
    /// The capture's bytes in the URL's UTF-8, still percent-encoded: one segment, or for
    /// rest-of-path several with their `/` separators.
    var start: Int
    var end: Int
    /// Index into the trie's specs.
    var spec: Int32
    var quickCheck: RouteTrie.QuickCheck
    /// The capture starts in a custom scheme's host slot, whose segment is lowercased.
    var hostSlot: Bool
    /// The capture's value is its bytes as they stand in the URL: no escape to decode, no
    /// letter to lowercase.
    var verbatim: Bool
}

/// The first four path captures of a match, inline in two words each: plain data, so a match
/// with no more captures copies and frees without reference counting (and reads a span with
/// two loads).
struct CapturedSpans: Sendable {
    static let capacity = 4

    /// How many spans are held here.
    private(set) var count = 0
    /// Span i: word 2i holds start and end (32 bits each); word 2i + 1 the spec (32 bits), the
    /// quick check (8 bits) and the flags.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )

    private static let hostSlotFlag: UInt64 = 1 << 40
    private static let verbatimFlag: UInt64 = 1 << 41

    /// Whether spans of a URL of this many bytes fit.
    static func fits(urlLength: Int) -> Bool { urlLength <= Int(UInt32.max) }

    /// Appends `span` if there is room; the caller keeps the others.
    /// - Precondition: ``fits(urlLength:)`` holds for the span's URL.
    mutating func append(_ span: CapturedSpan) -> Bool {
        guard count < Self.capacity else { return false }
        let bounds = UInt64(UInt32(truncatingIfNeeded: span.start)) | UInt64(UInt32(truncatingIfNeeded: span.end)) << 32
        var kind = UInt64(UInt32(bitPattern: span.spec)) | UInt64(span.quickCheck.rawValue) << 32
        if span.hostSlot { kind |= Self.hostSlotFlag }
        if span.verbatim { kind |= Self.verbatimFlag }
        let i = count
        withUnsafeMutableBytes(of: &words) { raw in
            raw.storeBytes(of: bounds, toByteOffset: 16 * i, as: UInt64.self)
            raw.storeBytes(of: kind, toByteOffset: 16 * i + 8, as: UInt64.self)
        }
        count += 1
        return true
    }

    /// The span at `i`, which must be below ``count``.
    subscript(i: Int) -> CapturedSpan {
        let index = Swift.min(Swift.max(i, 0), Self.capacity - 1)
        let (bounds, kind) = withUnsafeBytes(of: words) { raw in
            (
                raw.load(fromByteOffset: 16 * index, as: UInt64.self),
                raw.load(fromByteOffset: 16 * index + 8, as: UInt64.self)
            )
        }
        return CapturedSpan(
            start: Int(UInt32(truncatingIfNeeded: bounds)),
            end: Int(UInt32(truncatingIfNeeded: bounds >> 32)),
            spec: Int32(bitPattern: UInt32(truncatingIfNeeded: kind)),
            quickCheck: RouteTrie.QuickCheck(rawValue: UInt8(truncatingIfNeeded: kind >> 32)) ?? .none,
            hostSlot: kind & Self.hostSlotFlag != 0,
            verbatim: kind & Self.verbatimFlag != 0
        )
    }
}

/// What most matches do not have: captures beyond the inline ones, declared query params and
/// warnings. `nil` in a match that has none of them, so that copying it costs no reference counting.
final class MatchExtras: Sendable {
    /// Captures after those in ``CapturedSpans`` (all of them for a URL of 4 GiB or more).
    let spans: [CapturedSpan]
    /// Declared query params in declaration order (optional ones as `null` when absent, defaults filled).
    let queryParams: [MatchedParam]
    let warnings: [MatchWarning]

    init(spans: [CapturedSpan], queryParams: [MatchedParam], warnings: [MatchWarning]) {
        self.spans = spans
        self.queryParams = queryParams
        self.warnings = warnings
    }
}
