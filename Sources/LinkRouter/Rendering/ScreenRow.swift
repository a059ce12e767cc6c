/// Everything a navigation answer reads for an entry of one screen, in one allocation of its own:
/// the screen's name by its words, its declared params' count, names (by their words) and keys,
/// and the texts `"screen":"NAME","params":`, `"NAME":` and each param's `"name":`. An entry's
/// rendering reads two or three adjacent lines of it, where the tokens' objects, arrays and
/// texts, each an allocation of its own, were reached one after the other.
///
/// Plain bits, retained by no read: valid while the ``ScreenTokens`` that own it are alive (the
/// rendering holds them for longer than any answer).
struct ScreenRow: @unchecked Sendable {
    // @unchecked: the memory is written once, by `make`, and only read after.

    /// Where the row starts: a `Header`, then `paramCount` name words, `paramCount` spans, the texts.
    let base: UnsafeRawPointer

    private struct Header {
        let name: (UInt64, UInt64)
        /// Set once the tokens that own the row are made.
        var tokens: Unmanaged<ScreenTokens>?
        let paramCount: Int
        let screenAndParams: TextSpan
        let nameKey: TextSpan
    }

    private static var wordsOffset: Int { MemoryLayout<Header>.stride }

    private static func spansOffset(_ paramCount: Int) -> Int {
        wordsOffset &+ paramCount &* MemoryLayout<(UInt64, UInt64)>.stride
    }

    /// A row for a screen called `name` whose declared params are called `paramNames`; the
    /// caller owns it and frees it with ``deallocate()``.
    static func make(name: String, paramNames: [String]) -> ScreenRow {
        let screenAndParams = PreRenderedTokens { writer in
            writer.field(.screen, name)
            writer.key(.params)
        }
        let (memory, spans) = TextSpan.allocateRow(
            fixed: spansOffset(paramNames.count) + paramNames.count * MemoryLayout<TextSpan>.stride,
            texts: [screenAndParams, JSONKey(name).tokens] + paramNames.map { JSONKey($0).tokens }
        )
        memory.initializeMemory(
            as: Header.self,
            repeating: Header(
                name: ScreenNameIndex.words(of: name),
                tokens: nil,
                paramCount: paramNames.count,
                screenAndParams: spans[0],
                nameKey: spans[1]
            ),
            count: 1
        )
        let words = paramNames.map { ScreenNameIndex.words(of: $0) }
        (memory + wordsOffset).initializeMemory(as: (UInt64, UInt64).self, from: words, count: words.count)
        let keySpans = Array(spans.dropFirst(2))
        (memory + spansOffset(paramNames.count)).initializeMemory(
            as: TextSpan.self,
            from: keySpans,
            count: keySpans.count
        )
        return ScreenRow(base: UnsafeRawPointer(memory))
    }

    /// Records the tokens that own this row, once they are made: from their `init`, before the
    /// row is read by anything else. Unretained: the tokens own the row, so they outlive every
    /// read of it.
    func setTokens(_ tokens: ScreenTokens) {
        UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: Header.self).pointee.tokens =
            Unmanaged.passUnretained(tokens)
    }

    func deallocate() { UnsafeMutableRawPointer(mutating: base).deallocate() }

    @inline(__always)
    private var header: UnsafePointer<Header> { base.assumingMemoryBound(to: Header.self) }

    /// The screen's name by its two words as stored.
    @inline(__always)
    var name: (UInt64, UInt64) { header.pointee.name }

    /// The tokens that own this row (not retained).
    @inline(__always)
    var tokens: Unmanaged<ScreenTokens>? { header.pointee.tokens }

    @inline(__always)
    var paramCount: Int { header.pointee.paramCount }

    /// `"screen":"NAME","params":`, the middle of a stack entry.
    @inline(__always)
    var screenAndParams: HeldKey { header.pointee.screenAndParams.key(in: base) }

    /// `"NAME":`, the screen's member of a mediation payload.
    @inline(__always)
    var nameKey: HeldKey { header.pointee.nameKey.key(in: base) }

    /// Each declared param's name by its two words as stored, in declaration order.
    @inline(__always)
    var paramNameWords: UnsafeBufferPointer<(UInt64, UInt64)> {
        UnsafeBufferPointer(
            start: (base + Self.wordsOffset).assumingMemoryBound(to: (UInt64, UInt64).self),
            count: paramCount
        )
    }

    /// `"name":` of the declared param at `index` (within ``paramCount``).
    @inline(__always)
    func paramKey(at index: Int) -> HeldKey { paramKeys.key(at: index) }

    /// The declared params' keys, found once for a loop over them: the row is read-only, but a
    /// loop that writes an answer would otherwise find them again for each param (the writes
    /// could, for all the compiler knows, change the count they are found by).
    @inline(__always)
    var paramKeys: ParamKeys {
        ParamKeys(base: base, spans: (base + Self.spansOffset(paramCount)).assumingMemoryBound(to: TextSpan.self))
    }

    /// The keys of ``paramKeys``: plain bits, valid while the row is.
    struct ParamKeys {
        let base: UnsafeRawPointer
        let spans: UnsafePointer<TextSpan>

        /// `"name":` of the declared param at `index` (within the row's ``paramCount``).
        @inline(__always)
        func key(at index: Int) -> HeldKey { spans[index].key(in: base) }
    }

    /// Whether both are one row.
    @inline(__always)
    func isSame(as other: ScreenRow) -> Bool { base == other.base }
}
