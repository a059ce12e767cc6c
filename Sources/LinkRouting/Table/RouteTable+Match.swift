extension RouteTable {
    /// Matches a URL against the table.
    ///
    /// - Returns: the most specific route whose path, source and query requirements the URL meets,
    ///   with its typed parameters; `nil` when no route matches (including unknown schemes and hosts).
    /// - Throws: ``MalformedURLError`` for malformed escapes, invalid UTF-8, control characters or
    ///   dot segments, naming the component.
    public func match(_ url: String) throws(MalformedURLError) -> RouteMatch? {
        try match(url, exhaustive: false)
    }

    /// ``match(_:)``; `exhaustive` searches the trie without first following its first choices
    /// (see ``RouteTrie/search(_:captures:kinds:acceptor:exhaustive:)``), for tests that compare the two.
    @inline(__always)
    func match(_ url: String, exhaustive: Bool) throws(MalformedURLError) -> RouteMatch? {
        // The scan's closures hand back a flag: the parts are written in place, not copied out.
        var parts = MatchParts()
        // `self` is alive for the whole call: the closure borrows it rather than retaining it
        // (a retain and release of the table per closure and per inlined use, otherwise).
        let table = Unmanaged.passUnretained(self)
        let scanned = ScannedURL.with(url, knownHosts: hostKeys) { scanned in
            table._withUnsafeGuaranteedRef { $0.match(scanned, into: &parts, exhaustive: exhaustive) }
        }
        switch scanned {
        // Moved into the match: a copy would retain the extras, and dropping `parts` release them.
        case .success(let found):
            return found ? RouteMatch(table: self, link: LinkText(url), parts: consume parts) : nil
        case .failure(let error): throw error
        }
    }

    /// ``match(_:)`` for a link that may be lent bytes: the match holds the link as it is given,
    /// lent bytes included (see ``LinkText/init(lending:)`` for how long they must live).
    package func match(_ link: LinkText) throws(MalformedURLError) -> RouteMatch? {
        var parts = MatchParts()
        // See ``match(_:exhaustive:)``.
        let table = Unmanaged.passUnretained(self)
        let scanned = link.withUTF8 { bytes in
            ScannedURL.with(bytes: bytes, hostKeys) { scanned in
                table._withUnsafeGuaranteedRef { $0.match(scanned, into: &parts) }
            }
        }
        switch scanned {
        case .success(let found): return found ? RouteMatch(table: self, link: link, parts: consume parts) : nil
        case .failure(let error): throw error
        }
    }

    /// Matches a scanned URL; on success `parts` holds the result.
    func match(_ url: ScannedURL, into parts: inout MatchParts, exhaustive: Bool = false) -> Bool {
        guard let sourceID = sourceID(of: url) else { return false }
        // Each capture takes at least one segment, and no path captures more than the trie's deepest.
        let room = Swift.min(url.segments.count, trie.maxCaptures) + 1
        // The usual table and URL: buffers of a fixed size (a stack slot that costs no arithmetic
        // or check), the trie's first choices followed, in one run of code.
        guard _fastPath(room <= 16 && trie.maxLevels <= 32 && !exhaustive) else {
            return match(url, sourceID: sourceID, room: room, into: &parts, exhaustive: exhaustive)
        }
        return withUnsafeTemporaryAllocation(of: Capture.self, capacity: 16) { captures in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { kinds in
                match(url, sourceID: sourceID, captures: captures, kinds: kinds, into: &parts, exhaustive: false)
            }
        }
    }

    /// ``match(_:into:exhaustive:)`` with room for more captures or levels, or exhaustive: apart,
    /// so that the usual match's code stays short.
    @inline(never)
    private func match(
        _ url: ScannedURL,
        sourceID: Int,
        room: Int,
        into parts: inout MatchParts,
        exhaustive: Bool
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: Capture.self, capacity: room) { captures in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: trie.maxLevels) { kinds in
                match(url, sourceID: sourceID, captures: captures, kinds: kinds, into: &parts, exhaustive: exhaustive)
            }
        }
    }

    /// ``match(_:into:exhaustive:)`` with room for the captures and for the kinds along a path.
    @inline(__always)
    private func match(
        _ url: ScannedURL,
        sourceID: Int,
        captures: UnsafeMutableBufferPointer<Capture>,
        kinds: UnsafeMutableBufferPointer<UInt8>,
        into parts: inout MatchParts,
        exhaustive: Bool
    ) -> Bool {
        let acceptor = Acceptor(table: Unmanaged.passUnretained(self), sourceID: sourceID, query: url.query)
        let found = trie.search(
            url.segments,
            captures: captures.baseAddress!,
            kinds: kinds,
            acceptor: acceptor,
            exhaustive: exhaustive
        )
        guard let (terminal, depth) = found else { return false }
        makeParts(
            terminal,
            captures: UnsafeBufferPointer(start: captures.baseAddress, count: depth),
            url: url,
            into: &parts
        )
        return true
    }

    /// Custom schemes are sources `0..<schemes.count`; then each host as https and as http.
    @inline(__always)
    func sourceID(of url: ScannedURL) -> Int? {
        if url.isWeb {
            guard let i = url.hostIndex >= 0 ? url.hostIndex : hostKeys.index(of: url.host) else { return nil }
            return schemes.count + 2 * i + (url.scheme.count == 5 ? 0 : 1)
        }
        return schemeKeys.index(of: url.scheme)
    }

    /// The last value given for `key` (repeated scalar keys: last wins).
    static func lastValue(_ key: [UInt8], in query: UnsafeBufferPointer<QueryPair>) -> UnsafeBufferPointer<
        UInt8
    >? {
        var i = query.count - 1
        while i >= 0 {
            let pair = query[i]
            if pair.key.count == key.count && key.withUnsafeBufferPointer({ ByteParsing.equal($0, pair.key) }) {
                return pair.value
            }
            i -= 1
        }
        return nil
    }

    /// What the trie cannot check: the pinned source, query literals and required query params.
    func accepts(_ route: Route, sourceID: Int, query: UnsafeBufferPointer<QueryPair>) -> Bool {
        rejection(of: route, sourceID: sourceID, query: query) == nil
    }

    /// The first requirement beyond the path that `route` finds unmet, in the order ``accepts(_:sourceID:query:)``
    /// checks them, or `nil` when the route takes the URL.
    func rejection(of route: Route, sourceID: Int, query: UnsafeBufferPointer<QueryPair>) -> Rejection? {
        if route.sourceID >= 0 && route.sourceID != sourceID { return .source }
        for (i, literal) in route.queryLiteralBytes.enumerated() {
            guard let value = Self.lastValue(literal.key, in: query) else { return .queryLiteral(i) }
            if let expected = literal.value, !expected.withUnsafeBufferPointer({ ByteParsing.equal($0, value) }) {
                return .queryLiteral(i)
            }
        }
        for (i, param) in route.query.enumerated() where param.declaration.isRequired {
            guard let value = Self.lastValue(route.queryKeyBytes[i], in: query),
                param.declaration.spec.accepts(value)
            else { return .requiredParam(i) }
        }
        return nil
    }

    /// Why a route whose path matched does not take the URL.
    enum Rejection: Equatable {
        /// The route is pinned to another source.
        case source
        /// ``URLPattern/queryLiterals`` at this index is missing or has another value.
        case queryLiteral(Int)
        /// ``Route/query`` at this index is required and missing or invalid.
        case requiredParam(Int)
    }

    /// The match keeps path captures as byte ranges of the URL (see ``RouteMatch``); declared query
    /// params and warnings are computed here, while the decoded query is at hand.
    private func makeParts(
        _ terminalIndex: Int32,
        captures: UnsafeBufferPointer<Capture>,
        url: ScannedURL,
        into parts: inout MatchParts
    ) {
        parts.terminal = terminalIndex
        parts.spans.isPlainText = url.isPlainText
        // Most matches have at most four captures, no declared query params and no warnings:
        // they leave `parts.extras` nil and touch no array.
        let inline =
            captures.count <= CapturedSpans.capacity
            && CapturedSpans.fits(urlLength: url.length, specCount: trie.specs.count)
        if inline && url.query.isEmpty && !trie.terminals[Int(terminalIndex)].declaresQuery {
            for capture in captures { _ = parts.spans.append(Self.span(of: capture, in: url)) }
            return
        }
        makeExtras(terminalIndex, captures: captures, url: url, inline: inline, into: &parts)
    }

    /// The rest of ``makeParts(_:captures:url:into:)``: spans beyond the inline ones, declared
    /// query params and warnings. Apart, so that the usual match does not set up its frame.
    @inline(never)
    private func makeExtras(
        _ terminalIndex: Int32,
        captures: UnsafeBufferPointer<Capture>,
        url: ScannedURL,
        inline: Bool,
        into parts: inout MatchParts
    ) {
        let terminal = trie.terminals[Int(terminalIndex)]
        var spill: [CapturedSpan]?
        if !inline { spill = [] }
        for capture in captures {
            let span = Self.span(of: capture, in: url)
            if !(inline && parts.spans.append(span)) { spill?.append(span) }
        }
        let shadowing = !url.query.isEmpty && !captures.isEmpty
        guard !inline || terminal.declaresQuery || shadowing else { return }
        var queryParams: [MatchedParam] = []
        var warnings: [MatchWarning] = []
        if terminal.declaresQuery {
            let route = routes[Int(terminal.route)]
            queryParams.reserveCapacity(route.query.count)
            for (i, param) in route.query.enumerated() {
                queryParams.append(
                    queryValue(param, key: route.queryKeyBytes[i], query: url.query, warnings: &warnings)
                )
            }
        }
        if shadowing {
            shadowWarnings(terminal, captures: captures.count, query: url.query, warnings: &warnings)
        }
        if spill != nil || !queryParams.isEmpty || !warnings.isEmpty {
            parts.extras = MatchExtras(spans: spill ?? [], queryParams: queryParams, warnings: warnings)
        }
    }

    /// Where `capture` is in the URL's bytes, and how to read it back.
    @inline(__always)
    private static func span(of capture: Capture, in url: ScannedURL) -> CapturedSpan {
        let first = Int(capture.start)
        let last = Swift.max(first, Int(capture.end) - 1)
        // Verbatim: every segment is used where it stands in the URL (none decoded into the scratch).
        // The scheme starts the URL's bytes: segments used in place point into them.
        var verbatim = true
        var s = url.pathDecoded ? first : last + 1
        while s <= last {
            if url.segments[s].baseAddress != url.scheme.baseAddress.map({ $0 + url.rawSegments[s].lowerBound }) {
                verbatim = false
            }
            s += 1
        }
        return CapturedSpan(
            start: url.rawSegments[first].lowerBound,
            end: url.rawSegments[last].upperBound,
            spec: capture.spec,
            quickCheck: capture.quickCheck,
            hostSlot: !url.isWeb && first == 0,
            verbatim: verbatim
        )
    }

    private func queryValue(
        _ param: QueryParam,
        key: [UInt8],
        query: UnsafeBufferPointer<QueryPair>,
        warnings: inout [MatchWarning]
    ) -> MatchedParam {
        let spec = param.declaration.spec
        func invalid(_ raw: UnsafeBufferPointer<UInt8>, _ fallback: String) {
            warnings.append(
                MatchWarning(
                    code: .invalidQueryValue,
                    param: param.name,
                    message:
                        "query parameter '\(param.name)': '\(String(decoding: raw, as: UTF8.self))' is not a valid "
                        + "\(spec.text); \(fallback)"
                )
            )
        }
        let value: ParamValue
        switch param.declaration.mode {
        case .array:
            var values: [ParamValue] = []
            for pair in query where pair.key.count == key.count {
                guard key.withUnsafeBufferPointer({ ByteParsing.equal($0, pair.key) }) else { continue }
                if let v = spec.value(pair.value) { values.append(v) } else { invalid(pair.value, "dropped") }
            }
            value = .array(values)
        case .required:
            value = Self.lastValue(key, in: query).flatMap { spec.value($0) } ?? .null  // checked by accepts()
        case .optional:
            if let raw = Self.lastValue(key, in: query) {
                if let v = spec.value(raw) {
                    value = v
                } else {
                    invalid(raw, "using null")
                    value = .null
                }
            } else {
                value = .null
            }
        case .defaulted(let fallback):
            if let raw = Self.lastValue(key, in: query) {
                if let v = spec.value(raw) {
                    value = v
                } else {
                    invalid(raw, "using the default \(fallback)")
                    value = fallback
                }
            } else {
                value = fallback
            }
        }
        return MatchedParam(name: param.name, value: value, origin: .query)
    }

    /// A query key named like a bound path parameter: the path value wins, once per name.
    private func shadowWarnings(
        _ terminal: RouteTrie.Terminal,
        captures: Int,
        query: UnsafeBufferPointer<QueryPair>,
        warnings: inout [MatchWarning]
    ) {
        for i in 0..<captures {
            let name = trie.terminalNames[Int(terminal.namesStart) + i]
            var copy = name
            let shadowed = copy.withUTF8 { nameBytes in query.contains { ByteParsing.equal($0.key, nameBytes) } }
            if shadowed {
                warnings.append(
                    MatchWarning(
                        code: .shadowedQueryParam,
                        param: name,
                        message: "query parameter '\(name)' is ignored: the path parameter of that name wins"
                    )
                )
            }
        }
    }
}

/// Checks the terminals the trie cannot decide alone, as plain data: the walk passes it down
/// without reference counting, and only non-plain terminals reach the table.
struct Acceptor {
    /// The table outlives the match that created this value.
    let table: Unmanaged<RouteTable>
    let sourceID: Int
    let query: UnsafeBufferPointer<QueryPair>

    /// Apart (never inlined): most terminals are plain, and the walk's code stays short without it.
    @inline(never)
    func accepts(_ terminal: Int32) -> Bool {
        let table = table.takeUnretainedValue()
        let route = table.routes[Int(table.trie.terminals[Int(terminal)].route)]
        return table.accepts(route, sourceID: sourceID, query: query)
    }
}
