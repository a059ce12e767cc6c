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

/// The first four path captures of a match, inline in 16 bytes each: plain data, so a match
/// with no more captures copies and frees without reference counting.
struct CapturedSpans: Sendable {
    /// A span of a URL shorter than 2 GiB.
    private struct Compact: Sendable {
        var start: Int32
        var end: Int32
        var spec: Int32
        var quickCheck: RouteTrie.QuickCheck
        var hostSlot: Bool
        var verbatim: Bool

        static let empty = Compact(start: 0, end: 0, spec: 0, quickCheck: .none, hostSlot: false, verbatim: false)
    }

    static let capacity = 4

    /// How many spans are held here.
    private(set) var count = 0
    private var spans: (Compact, Compact, Compact, Compact) = (.empty, .empty, .empty, .empty)

    /// Whether spans of a URL of this many bytes fit.
    static func fits(urlLength: Int) -> Bool { urlLength <= Int(Int32.max) }

    /// Appends `span` if there is room; the caller keeps the others.
    /// - Precondition: ``fits(urlLength:)`` holds for the span's URL.
    mutating func append(_ span: CapturedSpan) -> Bool {
        let compact = Compact(
            start: Int32(truncatingIfNeeded: span.start),
            end: Int32(truncatingIfNeeded: span.end),
            spec: span.spec,
            quickCheck: span.quickCheck,
            hostSlot: span.hostSlot,
            verbatim: span.verbatim
        )
        switch count {
        case 0: spans.0 = compact
        case 1: spans.1 = compact
        case 2: spans.2 = compact
        case 3: spans.3 = compact
        default: return false
        }
        count += 1
        return true
    }

    /// The span at `i`, which must be below ``count``.
    subscript(i: Int) -> CapturedSpan {
        let compact: Compact
        switch i {
        case 0: compact = spans.0
        case 1: compact = spans.1
        case 2: compact = spans.2
        default: compact = spans.3
        }
        return CapturedSpan(
            start: Int(compact.start),
            end: Int(compact.end),
            spec: compact.spec,
            quickCheck: compact.quickCheck,
            hostSlot: compact.hostSlot,
            verbatim: compact.verbatim
        )
    }
}

/// What most matches do not have: captures beyond the inline ones, declared query params and
/// warnings. `nil` in a match that has none of them, so that copying it costs no reference counting.
final class MatchExtras: Sendable {
    /// Captures after those in ``CapturedSpans`` (all of them for a URL of 2 GiB or more).
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
