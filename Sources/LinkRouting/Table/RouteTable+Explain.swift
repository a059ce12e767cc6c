/// One route ``RouteTable/explain(_:)`` considered for a URL: where the matcher ranks it and why it
/// did or did not take the URL.
public struct MatchCandidate: Sendable, Hashable {
    /// The route's name.
    public let route: String
    /// The route's pattern as written.
    public let pattern: String
    /// 1 for the candidate the matcher prefers most, then 2, 3... in the matcher's order.
    public let rank: Int
    /// Whether this is the route ``RouteTable/match(_:)`` returns.
    public let matched: Bool
    /// `nil` when matched; otherwise why not, such as `segment 2: 'abc' is not an int`.
    public let reason: String?

    public init(route: String, pattern: String, rank: Int, matched: Bool, reason: String?) {
        self.route = route
        self.pattern = pattern
        self.rank = rank
        self.matched = matched
        self.reason = reason
    }
}

extension RouteTable {
    /// The most candidates ``explain(_:)`` lists.
    public static let explainLimit = 20

    /// Every route that could have matched `url`, in the order the matcher prefers them, and why
    /// each did or did not.
    ///
    /// Candidates are the routes whose source takes the URL, plus, with a `source:` reason, routes
    /// pinned elsewhere (or any route, when the URL's scheme or host is not the app's) whose path
    /// matches. They are ranked as the matcher compares paths: kind by kind from the left, then
    /// the types within a kind, then the route tie-breaks of ``Route``. A route with optional
    /// groups is ranked and explained by the spelling that comes closest to the URL (the one the
    /// matcher takes, when one matches). Beyond ``explainLimit`` candidates the closest calls are
    /// kept: the matched route, routes whose path matched, then those that failed furthest right.
    ///
    /// The URL is normalised as ``match(_:)`` does, and the candidate with `matched == true` is
    /// the route ``match(_:)`` returns, if any. A debugging path: it walks the whole trie once
    /// and allocates freely.
    /// - Throws: ``MalformedURLError``, as ``match(_:)`` does.
    public func explain(_ url: String) throws(MalformedURLError) -> [MatchCandidate] {
        switch ScannedURL.with(url, { explain($0) }) {
        case .success(let candidates): return candidates
        case .failure(let error): throw error
        }
    }

    func explain(_ url: ScannedURL) -> [MatchCandidate] {
        var parts = MatchParts()
        let winner = match(url, into: &parts) ? routes[Int(trie.terminals[Int(parts.terminal)].route)] : nil
        let sourceID = sourceID(of: url)
        var explorer = TrieExplorer(trie: trie, segments: url.segments, routeCount: routes.count)
        explorer.visit(0, TrieExplorer.Progress())

        var candidates: [Candidate] = []
        for (index, walk) in explorer.best.enumerated() {
            guard let walk else { continue }
            let route = routes[index]
            let verdict: Candidate.Verdict
            if walk.outcome != .matched {
                verdict = .pathFails
            } else if let sourceID {
                verdict = rejection(of: route, sourceID: sourceID, query: url.query).map { .rejected($0) } ?? .takes
            } else {
                verdict = .unknownSource
            }
            // Another source and another path: not a candidate.
            let otherSource = sourceID.map { route.sourceID >= 0 && route.sourceID != $0 } ?? true
            if otherSource && verdict == .pathFails { continue }
            candidates.append(Candidate(route: route, walk: walk, verdict: verdict))
        }
        assert(
            Candidate.agree(candidates, with: winner),
            "explain ranks another route first among those that take \(url), match returns \(winner?.name ?? "none")"
        )

        if candidates.count > Self.explainLimit {
            // The closest calls; at the closeness where the cut falls, the matcher's order decides.
            let count = url.segments.count
            let cut = candidates.map { $0.closeness(count) }.sorted(by: >)[Self.explainLimit - 1]
            let above = candidates.filter { $0.closeness(count) > cut }
            let atCut = candidates.filter { $0.closeness(count) == cut }
            candidates = above + Candidate.sorted(atCut).prefix(Self.explainLimit - above.count)
        }
        candidates = Candidate.sorted(candidates)
        return candidates.enumerated().map { i, candidate in
            MatchCandidate(
                route: candidate.route.name,
                pattern: candidate.route.pattern.text,
                rank: i + 1,
                matched: candidate.route === winner,
                reason: candidate.route === winner ? nil : reason(candidate, url)
            )
        }
    }
}

/// A route as explain found it: the path it is ranked by and what became of it.
private struct Candidate {
    enum Verdict: Equatable {
        /// The route takes the URL (it matches unless a better route does).
        case takes
        /// The path does not match.
        case pathFails
        /// The path matches; the source or the query does not.
        case rejected(RouteTable.Rejection)
        /// The path matches; the URL's scheme or host is none of the app's.
        case unknownSource
    }

    let route: Route
    let walk: PathWalk
    let verdict: Verdict

    /// How close the route came to taking a URL of `segmentCount` segments: greater is closer.
    func closeness(_ segmentCount: Int) -> Int {
        switch verdict {
        case .takes: segmentCount + 2
        case .rejected, .unknownSource: segmentCount + 1
        case .pathFails: walk.consumed
        }
    }

    /// The matcher's order: paths as the trie search compares them, then the routes' own order.
    static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
        RouteTrie.pathPrecedes(a.walk.codes, b.walk.codes) ?? (a.walk.rank < b.walk.rank)
    }

    /// `candidates` in the matcher's order (sorting indices keeps the moves cheap).
    static func sorted(_ candidates: [Candidate]) -> [Candidate] {
        let order = candidates.withUnsafeBufferPointer { all in
            all.indices.sorted { precedes(all[$0], all[$1]) }
        }
        return order.map { candidates[$0] }
    }

    /// Whether this ranking agrees with the matcher: `winner`, the route ``RouteTable/match(_:)``
    /// returns, precedes every other candidate that takes the URL, and without a winner there is none.
    static func agree(_ candidates: [Candidate], with winner: Route?) -> Bool {
        guard let winner else { return !candidates.contains { $0.verdict == .takes } }
        guard let first = candidates.first(where: { $0.route === winner }) else { return false }
        return candidates.allSatisfy { $0.verdict != .takes || $0.route === winner || precedes(first, $0) }
    }
}

/// One path of the trie (a spelling of a route's pattern) followed along the URL's segments.
private struct PathWalk {
    /// An edge that takes segments (and may refuse them), by its place in the trie's tables.
    enum Edge: Equatable {
        case literal(offset: Int, length: Int)
        case typed(spec: Int)
        case rest(spec: Int)
    }

    enum Outcome: Equatable {
        case matched
        /// The edge does not take the segment at `segment` (a rest-of-path: the segments from it).
        case mismatch(Edge, segment: Int)
        /// Every segment was taken and the path wants more.
        case tooFew
        /// The path ended with segments left over.
        case tooMany
    }

    var outcome: Outcome
    /// Segments taken before the path stopped.
    var consumed: Int
    /// Segments the path takes, not counting a rest-of-path.
    var need: Int
    /// Whether the path ends in a rest-of-path (one or more further segments).
    var rest: Bool
    /// Kind codes of the path's edges as the trie search records them, its end included.
    var codes: [UInt8]
    /// The route's place in ``Route/precedes(_:_:)`` order.
    var rank: Int32

    /// Whether this path explains its route's outcome better than `other`, another path of the
    /// same route: a match first, then a spelling that fits the URL's segment count, then the
    /// furthest failure, then a mismatch over a count, then the matcher's order (so a match is the
    /// spelling the matcher takes).
    func explainsBetter(than other: PathWalk, _ segmentCount: Int) -> Bool {
        if (outcome == .matched) != (other.outcome == .matched) { return outcome == .matched }
        if outcome != .matched {
            let fits = rest ? segmentCount > need : segmentCount == need
            let otherFits = other.rest ? segmentCount > other.need : segmentCount == other.need
            if fits != otherFits { return fits }
            if consumed != other.consumed { return consumed > other.consumed }
            let counted = outcome == .tooFew || outcome == .tooMany
            let otherCounted = other.outcome == .tooFew || other.outcome == .tooMany
            if counted != otherCounted { return otherCounted }
        }
        return RouteTrie.pathPrecedes(codes, other.codes) ?? false
    }
}

/// A depth-first walk over the whole trie that follows every path along the URL as far as it
/// goes, and keeps for each route the path that explains it best. Edges take segments with the
/// checks the search uses (``ParamSpec/accepts(_:)``, ``RouteTrie/restAccepts(_:_:from:)``).
private struct TrieExplorer {
    /// Where a path stands: the next segment, or where it stopped.
    struct Progress {
        var seg = 0
        var stop: PathWalk.Outcome?
        var need = 0
        var rest = false
    }

    let trie: RouteTrie
    let segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// The best path found so far for each route, by ``Route/index``.
    var best: [PathWalk?]
    /// Kind codes of the edges taken to the current node.
    private var codes: [UInt8] = []

    init(trie: RouteTrie, segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, routeCount: Int) {
        self.trie = trie
        self.segments = segments
        self.best = Array(repeating: nil, count: routeCount)
        codes.reserveCapacity(trie.maxLevels)
    }

    mutating func visit(_ nodeIndex: Int32, _ progress: Progress) {
        let node = trie.nodes[Int(nodeIndex)]
        for t in node.terminalStart..<(node.terminalStart + node.terminalCount) {
            let terminal = trie.terminals[Int(t)]
            let walk = PathWalk(
                outcome: progress.stop ?? (progress.seg < segments.count ? .tooMany : .matched),
                consumed: progress.seg,
                need: progress.need,
                rest: progress.rest,
                codes: codes + [RouteTrie.Kind.end],
                rank: terminal.rank
            )
            let route = Int(terminal.route)
            if let current = best[route], !walk.explainsBetter(than: current, segments.count) { continue }
            best[route] = walk
        }
        for e in trie.nodeLiterals[Int(nodeIndex)] {
            let edge = trie.literalEdges[e]
            follow(
                edge.child,
                RouteTrie.Kind.literal,
                .literal(offset: Int(edge.offset), length: Int(edge.length)),
                progress
            )
        }
        for e in node.typedStart..<(node.typedStart + node.typedCount) {
            let edge = trie.typedEdges[Int(e)]
            follow(edge.child, edge.rank, .typed(spec: Int(edge.spec)), progress)
        }
        for e in node.restStart..<(node.restStart + node.restCount) {
            let edge = trie.typedEdges[Int(e)]
            follow(edge.child, edge.rank, .rest(spec: Int(edge.spec)), progress)
        }
        if node.absentChild >= 0 {
            codes.append(RouteTrie.Kind.absent)
            visit(node.absentChild, progress)
            codes.removeLast()
        }
    }

    /// Follows an edge that takes segments, noting where the path stops if the edge refuses them.
    private mutating func follow(_ child: Int32, _ code: UInt8, _ edge: PathWalk.Edge, _ progress: Progress) {
        var next = progress
        if case .rest = edge { next.rest = true } else { next.need += 1 }
        if next.stop == nil {
            if next.seg == segments.count {
                next.stop = .tooFew
            } else if let taken = taken(by: edge, from: next.seg) {
                next.seg += taken
            } else {
                next.stop = .mismatch(edge, segment: next.seg)
            }
        }
        codes.append(code)
        visit(child, next)
        codes.removeLast()
    }

    /// How many segments from `seg` on the edge takes, or `nil` when it refuses them.
    private func taken(by edge: PathWalk.Edge, from seg: Int) -> Int? {
        switch edge {
        case .literal(let offset, let length):
            let bytes = UnsafeBufferPointer(
                rebasing: UnsafeBufferPointer(trie.literalBytes)[offset..<(offset + length)]
            )
            return ByteParsing.equal(bytes, segments[seg]) ? 1 : nil
        case .typed(let spec):
            return trie.specs[spec].accepts(segments[seg]) ? 1 : nil  // refuses an empty segment
        case .rest(let spec):
            return RouteTrie.restAccepts(trie.specs[spec], segments, from: seg) ? segments.count - seg : nil
        }
    }
}

// MARK: - Reasons

extension RouteTable {
    /// Why `candidate` is not the match, in a few words.
    fileprivate func reason(_ candidate: Candidate, _ url: ScannedURL) -> String {
        let route = candidate.route
        switch candidate.verdict {
        case .takes:
            return "a higher-ranked route matched"
        case .unknownSource:
            if case .any = route.pattern.source {
                return url.isWeb
                    ? "source: host '\(Self.lowercased(url.host))' is not one of the app's hosts"
                    : "source: scheme '\(Self.lowercased(url.scheme))' is not one of the app's schemes"
            }
            return "source: pinned to \(Self.pinnedText(route.pattern.source))"
        case .rejected(let rejection):
            return Self.rejectionReason(rejection, route, url.query)
        case .pathFails:
            switch candidate.walk.outcome {
            case .mismatch(let edge, let seg): return mismatchReason(edge, at: seg, url.segments)
            default: return "\(Self.segmentCountText(route)), the URL has \(url.segments.count)"
            }
        }
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// `segment 2: 'abc' is not an int`, `segment 1: expected 'product', got 'p'`. Specs are the
    /// trie's canonical ones (enum members sorted).
    private func mismatchReason(
        _ edge: PathWalk.Edge,
        at seg: Int,
        _ segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    ) -> String {
        let text = String(decoding: segments[seg], as: UTF8.self)
        switch edge {
        case .literal(let offset, let length):
            let literal = String(decoding: trie.literalBytes[offset..<(offset + length)], as: UTF8.self)
            return "segment \(seg + 1): expected '\(literal)', got '\(text)'"
        case .typed(let spec):
            if text.isEmpty { return "segment \(seg + 1) is empty" }
            return "segment \(seg + 1): \(trie.specs[spec].rejection(segments[seg]))"
        case .rest(let spec):
            if let empty = segments[seg...].firstIndex(where: \.isEmpty) { return "segment \(empty + 1) is empty" }
            var joined = segments[seg...].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
            let span = seg + 1 == segments.count ? "segment \(seg + 1)" : "segments \(seg + 1)-\(segments.count)"
            return joined.withUTF8 { "\(span): \(trie.specs[spec].rejection($0))" }
        }
    }

    /// `needs 3 segments`, `needs 2 or 4 segments`, `needs 1 to 3 segments`, `needs at least 2 segments`.
    private static func segmentCountText(_ route: Route) -> String {
        var fixed: Set<Int> = []
        var atLeast: Int?
        for variant in route.pattern.variants {
            var need = 0
            var rest = false
            for element in variant {
                if case .placeholder(_, let spec) = element, spec.type == .path {
                    rest = true
                } else if element.consumesSegment {
                    need += 1
                }
            }
            if rest { atLeast = Swift.min(atLeast ?? Int.max, need + 1) } else { fixed.insert(need) }
        }
        func plural(_ n: Int) -> String { n == 1 ? "segment" : "segments" }
        if let atLeast {
            // Counts from the rest's minimum up are covered by it; those below it are listed.
            let below = fixed.filter { $0 < atLeast }.sorted()
            if below == Array((atLeast - below.count)..<atLeast) {
                let least = below.first ?? atLeast
                return "needs at least \(least) \(plural(least))"
            }
            return "needs " + below.map(String.init).joined(separator: ", ") + " or at least \(atLeast) segments"
        }
        let counts = fixed.sorted()
        guard let first = counts.first, let last = counts.last else { return "needs no segments" }
        if counts.count == 1 { return "needs \(first) \(plural(first))" }
        if counts.count > 2 && last - first == counts.count - 1 { return "needs \(first) to \(last) segments" }
        return "needs " + counts.dropLast().map(String.init).joined(separator: ", ") + " or \(last) segments"
    }

    /// `source: pinned to https://shop.example.com`, `query: type=pvp is missing`,
    /// `query: required 'q' is missing`.
    private static func rejectionReason(
        _ rejection: Rejection,
        _ route: Route,
        _ query: UnsafeBufferPointer<QueryPair>
    ) -> String {
        switch rejection {
        case .source:
            return "source: pinned to \(pinnedText(route.pattern.source))"
        case .queryLiteral(let i):
            let literal = route.pattern.queryLiterals[i]
            let wanted = literal.value.map { "\(literal.name)=\($0)" } ?? literal.name
            guard let value = lastValue(route.queryLiteralBytes[i].key, in: query) else {
                return "query: \(wanted) is missing"
            }
            return "query: expected \(wanted), got \(literal.name)=\(String(decoding: value, as: UTF8.self))"
        case .requiredParam(let i):
            let param = route.query[i]
            guard let value = lastValue(route.queryKeyBytes[i], in: query) else {
                return "query: required '\(param.name)' is missing"
            }
            return "query: required '\(param.name)': \(param.declaration.spec.rejection(value))"
        }
    }

    private static func pinnedText(_ source: URLPattern.Source) -> String {
        switch source {
        case .any: "any source"
        case .scheme(let scheme): scheme + "://"
        case .web(let scheme, let host): scheme + "://" + host
        }
    }
}

extension ParamSpec {
    /// Why ``accepts(_:)`` refuses `bytes`: `'abc' is not an int`, `'0' does not satisfy min(1)`.
    fileprivate func rejection(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = "'\(String(decoding: bytes, as: UTF8.self))'"
        guard ParamSpec(type).accepts(bytes) else {
            switch type {
            case _ where bytes.isEmpty:
                return "the value is empty"
            case .int, .uint:
                let digits = bytes.first == 0x2D && type == .int ? bytes.dropFirst() : bytes[...]
                if !digits.isEmpty && digits.allSatisfy(ByteParsing.isDigit) {
                    return "\(text) overflows a 64-bit \(type.name)"
                }
                return "\(text) is not \(type == .int ? "an" : "a") \(type.name)"
            case .enum:
                return "\(text) is not one of \(type.name)"
            default:
                return "\(text) is not a \(type.name)"
            }
        }
        // One constraint at a time, each checked by the same conversion.
        let single: [ParamSpec?] = [
            try? ParamSpec(type: type, min: min),
            try? ParamSpec(type: type, max: max),
            try? ParamSpec(type: type, minLength: minLength),
            try? ParamSpec(type: type, maxLength: maxLength),
        ]
        for case let spec? in single where spec.isConstrained && !spec.accepts(bytes) {
            return "\(text) does not satisfy \(spec.text.dropFirst(type.name.count + 1))"
        }
        return "\(text) is not a valid \(self.text)"
    }
}
