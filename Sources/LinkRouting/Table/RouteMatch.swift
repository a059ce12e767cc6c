/// What a match found: written in place by the scan's closures, then wrapped in a ``RouteMatch``.
///
/// `@usableFromInline` here and along the path to a route and a param count, so that
/// ``RouteMatch/route`` and ``RouteMatch/paramCount`` inline into callers: a call per read
/// otherwise, and the route retained and released by the caller that only reads its index.
@usableFromInline struct MatchParts: Sendable {
    @usableFromInline var spans = CapturedSpans()
    @usableFromInline var extras: MatchExtras?

    /// The matched terminal, kept in the spans' header (see ``CapturedSpans``).
    @usableFromInline var terminal: Int32 {
        @inlinable get { spans.tag }
        set { spans.tag = newValue }
    }

    init() { terminal = -1 }
}

/// The result of matching a URL: the route, its typed parameters and any warnings.
///
/// Matching validates and type-checks every capture, but keeps path captures as byte ranges of
/// the URL: their values (strings in particular) are built when ``params`` or the subscript is
/// read. Declared query parameters and warnings are computed by the match.
public struct RouteMatch: Sendable {
    /// The table matched against: routes, capture names and specs.
    @usableFromInline let table: RouteTable
    /// The URL matched, as given (owned, or lent by the caller that matched it); the captures
    /// index its UTF-8.
    @usableFromInline let link: LinkText
    @usableFromInline let parts: MatchParts

    init(table: RouteTable, link: LinkText, parts: MatchParts) {
        self.table = table
        self.link = link
        self.parts = parts
    }

    /// The URL matched, as given.
    public var url: String { link.string }

    /// Calls `body` with the UTF-8 of ``url``, lent for the call: no string is made for a link
    /// whose bytes the match borrows.
    /// Inlinable, with ``LinkText/withUTF8(_:)``: into the renderer of another module, where a
    /// call and its closure cost more than the read.
    @inlinable package func withURLUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        link.withUTF8(body)
    }

    /// ``withURLUTF8(_:)``, telling `body` also whether every byte of the URL is printable ASCII
    /// other than `"` and `\`, as the match found while splitting it: text that JSON carries as
    /// it is. `false` may also mean that the match did not look (a URL with a query or a
    /// fragment, a host not known as written).
    @inlinable package func withURLUTF8(_ body: (UnsafeBufferPointer<UInt8>, _ isPlainText: Bool) -> Void) {
        let plain = parts.spans.isPlainText
        link.withUTF8 { body($0, plain) }
    }

    /// Makes the match hold its URL as a string, if its bytes were lent: for a match kept, or
    /// shown to code that may keep it, beyond the lender's call.
    package mutating func ownURL() {
        guard link.isLent else { return }
        self = RouteMatch(table: table, link: LinkText(link.string), parts: parts)
    }

    @inlinable public var route: Route { table.routes[Int(table.trie.terminals[Int(parts.terminal)].route)] }

    /// ``route``'s ``Route/index``, read from the trie's terminal that the match has read already:
    /// neither the table's list of routes nor the route itself is touched.
    @inlinable package var routeIndex: Int { Int(table.trie.terminals[Int(parts.terminal)].route) }

    /// Whether the match's table is the one whose routes are `routes`, told by their storage
    /// (the same array, not only equal routes): data made from `routes` by ``Route/index`` is then
    /// the matched route's at ``routeIndex``. Neither the routes nor the route are read.
    @inlinable @inline(__always) package func isMatch(of routes: [Route]) -> Bool {
        // Only the addresses are compared; the pointers are not kept past the closures.
        routes.withUnsafeBufferPointer { held in
            table.routes.withUnsafeBufferPointer { own in held.baseAddress == own.baseAddress && held.count == own.count
            }
        }
    }

    @inlinable public var warnings: [MatchWarning] { parts.extras?.warnings ?? [] }

    /// Whether ``warnings`` has any, without making the array (an empty one, made and released,
    /// for nearly every match).
    @inlinable package var hasWarnings: Bool {
        @inline(__always) get {
            // Told by the reference's bits first, as ``forEachParam(_:)`` does: most matches have
            // no extras, and the optional is not copied (retained and released) to find it out.
            guard unsafeBitCast(parts.extras, to: UInt.self) != 0 else { return false }
            return parts.extras?.warnings.isEmpty == false
        }
    }

    /// Path params in pattern order (absent optional ones left out), then declared query params in
    /// declaration order (optional ones as `null` when absent, defaults filled).
    ///
    /// Built on each read: keep the array rather than reading it again.
    public var params: [MatchedParam] {
        var params: [MatchedParam] = []
        params.reserveCapacity(paramCount)
        forEachParam { name, value, origin in params.append(MatchedParam(name: name, value: value, origin: origin)) }
        return params
    }

    /// Calls `body` with the name, value and origin of each of ``params``, in the same order,
    /// without building the array (each value is built once, as `params` builds it). Each name and
    /// value is handed over, not lent: a body that keeps them (as `params` does) takes them without
    /// a copy (a lent name is retained by the body that stores it, and released after the call).
    public func forEachParam(_ body: (consuming String, consuming ParamValue, MatchedParam.Origin) -> Void) {
        // Most matches have no extras: told by the reference's bits, not by an optional copy of it
        // (a retain and a release) for each look. Safe: an optional class reference is one word,
        // zero when `nil`, and only its bits are read.
        guard unsafeBitCast(parts.extras, to: UInt.self) == 0 else { return forEachParamWithExtras(body) }
        // The spans are plain data: the closure below copies them rather than the match.
        let spans = parts.spans
        let count = spans.count
        guard count > 0 else { return }
        let trie = table.trie
        let terminal = trie.terminals[Int(parts.terminal)]
        // The names by their ids in the terminal, from the table's few names (see ``RouteTrie/Terminal/nameIDs``).
        guard terminal.nameIDs != RouteTrie.Terminal.noInlineNames else { return forEachParamWithExtras(body) }
        let names = trie.captureNames
        let nameWords = trie.captureNameWords
        // The URL's bytes borrowed once for every capture (see ``value(of:)``).
        link.withUTF8 { raw in
            for i in 0..<count {
                let id = terminal.nameID(i)
                // Made from its words, the name is handed over without the retain a copy of it takes.
                let name = SmallStringLayout.string(nameWords[id]) ?? names[id]
                body(name, trie.value(of: spans[i], in: raw), .path)
            }
        }
    }

    /// ``forEachParam(_:)`` for a match with extras (captures beyond the inline ones, declared
    /// query params) or whose terminal has no inline names. Apart, so that the usual match runs a
    /// short loop.
    @inline(never)
    private func forEachParamWithExtras(
        _ body: (consuming String, consuming ParamValue, MatchedParam.Origin) -> Void
    ) {
        let count = captureCount
        if count > 0 {
            let trie = table.trie
            let names = trie.terminalNames
            let start = Int(trie.terminals[Int(parts.terminal)].namesStart)
            link.withUTF8 { raw in
                for i in 0..<count { body(names[start + i], trie.value(of: span(i), in: raw), .path) }
            }
        }
        for param in parts.extras?.queryParams ?? [] { body(param.name, param.value, param.origin) }
    }

    /// How many entries ``params`` has, without building it.
    @inlinable public var paramCount: Int { captureCount + (parts.extras?.queryParams.count ?? 0) }

    /// The value bound to `name`, if any (the first of ``params`` with that name).
    public subscript(name: String) -> ParamValue? {
        let names = table.trie.terminalNames
        let start = Int(table.trie.terminals[Int(parts.terminal)].namesStart)
        for i in 0..<captureCount where names[start + i] == name { return value(of: span(i)) }
        for param in parts.extras?.queryParams ?? [] where param.name == name { return param.value }
        return nil
    }

    @inlinable var captureCount: Int { parts.spans.count + (parts.extras?.spans.count ?? 0) }

    /// Capture `i` (below ``captureCount``): inline, or after the inline ones in the extras.
    private func span(_ i: Int) -> CapturedSpan {
        guard i >= parts.spans.count, let extras = parts.extras else { return parts.spans[i] }
        return extras.spans[i - parts.spans.count]
    }

    /// A capture's typed value, from the URL's bytes.
    private func value(of span: CapturedSpan) -> ParamValue {
        link.withUTF8 { table.trie.value(of: span, in: $0) }
    }
}
