/// A path capture of a match, kept as bytes of the URL until its value is asked for.
@usableFromInline struct CapturedSpan: Sendable {
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

/// The first four path captures of a match, inline in one word each: plain data, so a match
/// with no more captures copies and frees without reference counting (and reads a span with one
/// load).
///
/// Two scalars in all, a header word and a vector, which lets ``RouteMatch`` stay within the
/// handful of fields the compiler copies and destroys inline: one more (a separate count, or the
/// spans as a tuple of words) and every `RouteMatch?` is destroyed through its type's value
/// witnesses, about a hundred instructions per match.
@usableFromInline struct CapturedSpans: Sendable {
    static let capacity = 4

    /// The count in the low byte, then the ``isPlainText`` flag; the high 32 bits hold ``tag``.
    @usableFromInline var header: UInt64 = 0
    /// Span i in lane i: start and end (22 bits each), the spec (15 bits), the quick check
    /// (3 bits), then the host-slot and verbatim flags.
    private var words: SIMD4<UInt64> = .zero

    /// How many spans are held here.
    @inlinable var count: Int { Int(header & 0xFF) }

    /// A 32-bit value of the owner's, kept in the header word (the match's terminal).
    @usableFromInline var tag: Int32 {
        @inlinable get { Int32(truncatingIfNeeded: header >> 32) }
        set { header = header & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue)) << 32 }
    }

    /// A flag of the owner's, kept in the header word: the URL matched is JSON text as it is
    /// (``ScannedURL/isPlainText``).
    @usableFromInline var isPlainText: Bool {
        @inlinable get { header & Self.plainTextFlag != 0 }
        set { header = newValue ? header | Self.plainTextFlag : header & ~Self.plainTextFlag }
    }

    @usableFromInline static var plainTextFlag: UInt64 { 0x100 }

    private static let boundBits: UInt64 = 22
    private static let specBits: UInt64 = 15
    private static let specShift: UInt64 = 2 * boundBits
    private static let quickCheckShift: UInt64 = specShift + specBits
    private static let hostSlotFlag: UInt64 = 1 << 62
    private static let verbatimFlag: UInt64 = 1 << 63

    /// Whether spans of a URL of this many bytes, checked against a table of this many specs, fit.
    static func fits(urlLength: Int, specCount: Int) -> Bool {
        urlLength < 1 << Int(boundBits) && specCount <= 1 << Int(specBits)
    }

    /// Appends `span` if there is room; the caller keeps the others.
    /// - Precondition: ``fits(urlLength:specCount:)`` holds for the span's URL and table.
    mutating func append(_ span: CapturedSpan) -> Bool {
        guard count < Self.capacity else { return false }
        let boundMask: UInt64 = 1 << Self.boundBits - 1
        let specMask: UInt64 = 1 << Self.specBits - 1
        var word = UInt64(truncatingIfNeeded: span.start) & boundMask
        word |= (UInt64(truncatingIfNeeded: span.end) & boundMask) << Self.boundBits
        word |= (UInt64(UInt32(bitPattern: span.spec)) & specMask) << Self.specShift
        word |= UInt64(span.quickCheck.rawValue & 0x7) << Self.quickCheckShift
        if span.hostSlot { word |= Self.hostSlotFlag }
        if span.verbatim { word |= Self.verbatimFlag }
        words[count] = word
        header += 1
        return true
    }

    /// The span at `i`, which must be below ``count``.
    subscript(i: Int) -> CapturedSpan {
        let index = Swift.min(Swift.max(i, 0), Self.capacity - 1)
        let word = words[index]
        let boundMask: UInt64 = 1 << Self.boundBits - 1
        let specMask: UInt64 = 1 << Self.specBits - 1
        return CapturedSpan(
            start: Int(word & boundMask),
            end: Int(word >> Self.boundBits & boundMask),
            spec: Int32(truncatingIfNeeded: word >> Self.specShift & specMask),
            quickCheck: RouteTrie.QuickCheck(rawValue: UInt8(truncatingIfNeeded: word >> Self.quickCheckShift & 0x7))
                ?? .none,
            hostSlot: word & Self.hostSlotFlag != 0,
            verbatim: word & Self.verbatimFlag != 0
        )
    }
}

/// What most matches do not have: captures beyond the inline ones, declared query params and
/// warnings. `nil` in a match that has none of them, so that copying it costs no reference counting.
@usableFromInline final class MatchExtras: Sendable {
    /// Captures after those in ``CapturedSpans`` (all of them when they do not fit there: a URL of
    /// 4 MiB or more, a table of more than 32,768 specs).
    @usableFromInline let spans: [CapturedSpan]
    /// Declared query params in declaration order (optional ones as `null` when absent, defaults filled).
    @usableFromInline let queryParams: [MatchedParam]
    @usableFromInline let warnings: [MatchWarning]

    init(spans: [CapturedSpan], queryParams: [MatchedParam], warnings: [MatchWarning]) {
        self.spans = spans
        self.queryParams = queryParams
        self.warnings = warnings
    }
}
