import LinkRouting
import PropertyBased
import Testing

/// `RouteTable.explain`: the candidates for a URL in the matcher's order, and why each lost.
@Suite struct ExplainTests {
    /// Literal, typed, slug, string, optional, rest, query literals, a required query param and
    /// pinned sources, on `shop`, `kids` and `shop.example.com`.
    static let routes: [(String, String)] = [
        ("new", "/p/new"),
        ("int", "/p/{id:int}"),
        ("slug", "/p/{s:slug}"),
        ("str", "/p/{any}"),
        ("reviews", "/p/{id:int}/reviews[/{page:int:min(1)}]"),
        ("rest", "/p/{id:int}/{rest:path}"),
        ("opt", "/docs[/{v:int}]"),
        ("product", "/product/{id:int}"),
        ("pvp", "/open?type=pvp"),
        ("debug", "/open?debug"),
        ("open", "/open"),
        ("search", "/search"),
        ("legal", "https://shop.example.com/legal/{doc}"),
        ("promo", "shop://promo/{code}"),
        ("short", "/s/{t:string:max_length(3)}"),
    ]

    static func table(reversed: Bool = false) throws -> RouteTable {
        try makeTable(
            reversed ? routes.reversed() : routes,
            query: ["search": [try QueryParam("q", "string"), try QueryParam("page", "int=1")]],
            schemes: ["shop", "kids"]
        )
    }

    static let urls = [
        "shop://p/new", "shop://p/42", "shop://p/-7", "shop://p/abc", "shop://p/a%20b", "shop://p/9223372036854775808",
        "shop://p/5/reviews", "shop://p/5/reviews/2", "shop://p/5/reviews/0", "shop://p/5/reviews/x",
        "shop://p/5/a/b/c", "shop://p/x/reviews", "shop://p", "shop://p/", "shop://p//x", "shop://docs",
        "shop://docs/3", "shop://docs/x", "shop://docs/3/4", "shop://product/1", "shop://product",
        "shop://product/1/2", "shop://open", "shop://open?type=pvp", "shop://open?type=pve", "shop://open?debug",
        "shop://open?debug=1&type=pvp", "shop://search", "shop://search?q=shoes", "shop://search?q=",
        "shop://search?q=x&page=abc", "shop://legal/terms", "https://shop.example.com/legal/terms",
        "http://shop.example.com/legal/terms", "https://shop.example.com/p/42", "shop://promo/X1",
        "kids://promo/X1", "https://shop.example.com/promo/X1", "kids://p/42", "ftp://p/42",
        "https://evil.example.com/p/42", "https://shop.example.com:8443/p/42", "shop://", "shop://s/abc",
        "shop://s/abcd", "shop://nothing/here",
    ]

    @Test(arguments: urls)
    func matchedCandidateIsTheMatch(_ url: String) throws {
        let table = try Self.table()
        let candidates = try table.explain(url)
        let match = try table.match(url)
        #expect(candidates.filter(\.matched).map(\.route) == (match.map { [$0.route.name] } ?? []), "\(url)")
        #expect(candidates.map(\.rank) == (0..<candidates.count).map { $0 + 1 }, "\(url)")
        #expect(candidates.count <= RouteTable.explainLimit)
        for candidate in candidates {
            #expect((candidate.reason == nil) == candidate.matched, "\(url): \(candidate)")
            #expect(candidate.pattern == table.route(named: candidate.route)?.pattern.text)
        }
        // A route that would also have matched ranks below the match.
        if let matched = candidates.first(where: \.matched) {
            for candidate in candidates where candidate.reason == "a higher-ranked route matched" {
                #expect(candidate.rank > matched.rank, "\(url): \(candidate)")
            }
        } else {
            #expect(!candidates.contains { $0.reason == "a higher-ranked route matched" }, "\(url)")
        }
        // Like the match, the explanation does not depend on declaration order.
        #expect(try Self.table(reversed: true).explain(url) == candidates, "\(url)")
    }

    static let reasons: [(url: String, route: String, reason: String?)] = [
        ("shop://p/abc", "int", "segment 2: 'abc' is not an int"),
        ("shop://p/9223372036854775808", "int", "segment 2: '9223372036854775808' overflows a 64-bit int"),
        ("shop://p/abc", "new", "segment 2: expected 'new', got 'abc'"),
        ("shop://p/a%20b", "slug", "segment 2: 'a b' is not a slug"),
        ("shop://p/abc", "slug", nil),
        ("shop://p/abc", "str", "a higher-ranked route matched"),
        ("shop://p/a%20b", "str", nil),
        ("shop://p/42", "int", nil),
        ("shop://p/42", "slug", "a higher-ranked route matched"),
        ("shop://pp/1", "product", "segment 1: expected 'product', got 'pp'"),
        ("shop://product", "product", "needs 2 segments, the URL has 1"),
        ("shop://product/1/2", "product", "needs 2 segments, the URL has 3"),
        ("shop://p/5/reviews/0", "reviews", "segment 4: '0' does not satisfy min(1)"),
        ("shop://p/5/reviews/2/3", "reviews", "needs 3 or 4 segments, the URL has 5"),
        ("shop://p/5/reviews/x", "reviews", "segment 4: 'x' is not an int"),
        ("shop://p", "rest", "needs at least 3 segments, the URL has 1"),
        ("shop://p//x", "rest", "segment 2 is empty"),
        ("shop://docs/x", "opt", "segment 2: 'x' is not an int"),
        ("shop://docs/3/4", "opt", "needs 1 or 2 segments, the URL has 3"),
        ("shop://s/abcd", "short", "segment 2: 'abcd' does not satisfy max_length(3)"),
        ("shop://open", "pvp", "query: type=pvp is missing"),
        ("shop://open?type=pve", "pvp", "query: expected type=pvp, got type=pve"),
        ("shop://open", "debug", "query: debug is missing"),
        ("shop://open?type=pvp", "open", "a higher-ranked route matched"),
        ("shop://search", "search", "query: required 'q' is missing"),
        ("shop://search?q=", "search", "query: required 'q': the value is empty"),
        ("shop://legal/terms", "legal", "source: pinned to https://shop.example.com"),
        ("http://shop.example.com/legal/terms", "legal", "source: pinned to https://shop.example.com"),
        ("https://shop.example.com/promo/X1", "promo", "source: pinned to shop://"),
        ("kids://promo/X1", "promo", "source: pinned to shop://"),
        ("ftp://p/42", "int", "source: scheme 'ftp' is not one of the app's schemes"),
        ("https://evil.example.com/p/42", "int", "source: host 'evil.example.com' is not one of the app's hosts"),
    ]

    @Test(arguments: reasons.indices)
    func reasonSaysWhyTheRouteLost(_ index: Int) throws {
        let c = Self.reasons[index]
        let candidates = try Self.table().explain(c.url)
        let candidate = try #require(candidates.first { $0.route == c.route }, "\(c.url): \(candidates)")
        #expect(candidate.reason == c.reason, "\(c.url)")
        #expect(candidate.matched == (c.reason == nil), "\(c.url)")
    }

    /// Routes pinned to another source, or with another scheme or host, are listed only when their
    /// path matches.
    static let absent: [(url: String, routes: [String])] = [
        ("shop://p/42", ["legal"]),
        ("https://shop.example.com/p/42", ["promo"]),
        ("https://shop.example.com/legal/terms", ["promo"]),
        ("kids://p/x", ["legal", "promo"]),
        ("ftp://p/42", ["new", "reviews", "rest", "opt", "product", "legal", "promo"]),
    ]

    @Test(arguments: absent.indices)
    func otherSourcesNeedTheirPathToMatch(_ index: Int) throws {
        let c = Self.absent[index]
        let names = try Self.table().explain(c.url).map(\.route)
        for route in c.routes { #expect(!names.contains(route), "\(c.url): \(names)") }
    }

    /// Segment by segment, literal > constrained type > slug > string > end of path; then query
    /// literals with a value, query literals, a pinned source, required query params, the name.
    static let pathOrder = [
        "new",  // p, literal
        "reviews",  // p, int, literal...
        "int", "opt", "product",  // p or docs, int, end (the nearest spelling of opt); then names
        "rest",  // p, int, rest
        "slug", "short",  // p, slug; p, string with a constraint
        "promo", "str",  // p or promo, string; the pinned route first
        "pvp", "debug", "search", "open",  // one segment
    ]
    static let orders: [(url: String, order: [String])] = [
        ("shop://p/abc", pathOrder),
        ("shop://p/42", pathOrder),
        ("shop://docs/x", pathOrder),
        // One segment: opt is ranked as its nearest spelling, /docs with the group absent.
        ("shop://open?type=pvp&debug", pathOrder.filter { $0 != "opt" } + ["opt"]),
    ]

    @Test(arguments: orders.indices)
    func candidatesFollowTheMatchersOrder(_ index: Int) throws {
        let c = Self.orders[index]
        let names = try Self.table().explain(c.url).map(\.route)
        #expect(names == c.order, "\(c.url)")
    }

    @Test func smallTableExplainedInFull() throws {
        let table = try makeTable([
            ("new", "/p/new"), ("int", "/p/{id:int}"), ("str", "/p/{s}"), ("opt", "/p[/{x:int}]"),
            ("rest", "/p/{r:path}"),
        ])
        let candidates = try table.explain("shop://p/abc")
        #expect(
            candidates.map { "\($0.rank) \($0.route) \($0.reason ?? "matched")" } == [
                "1 new segment 2: expected 'new', got 'abc'",
                "2 int segment 2: 'abc' is not an int",
                "3 opt segment 2: 'abc' is not an int",  // same path kinds as int: the name decides
                "4 str matched",
                "5 rest a higher-ranked route matched",
            ]
        )
    }

    @Test func noMatchListsEveryFailure() throws {
        let table = try Self.table()
        let candidates = try table.explain("shop://nothing/here")
        #expect(try table.match("shop://nothing/here") == nil)
        #expect(!candidates.isEmpty)
        #expect(candidates.allSatisfy { !$0.matched && $0.reason != nil })
    }

    @Test func longListsKeepTheClosestCalls() throws {
        var routes = (0..<30).map { ("k\($0)", "/k\($0)/{x:int}") }
        routes.append(("any", "/{a}/{b}"))
        let table = try makeTable(routes)
        let candidates = try table.explain("shop://k3/abc")
        #expect(candidates.count == RouteTable.explainLimit)
        #expect(candidates.map(\.rank) == Array(1...RouteTable.explainLimit))
        #expect(candidates.last?.route == "any")
        #expect(candidates.last?.matched == true)
        let k3 = try #require(candidates.first { $0.route == "k3" })
        #expect(k3.reason == "segment 2: 'abc' is not an int")
    }

    static let malformed = ["shop://p/%zz", "shop://p/../x", "https://user@shop.example.com/p/1", "1shop://p"]

    @Test(arguments: malformed)
    func malformedURLsThrowAsMatchDoes(_ url: String) throws {
        let table = try Self.table()
        let matchError = #expect(throws: MalformedURLError.self) { try table.match(url) }
        let explainError = #expect(throws: MalformedURLError.self) { try table.explain(url) }
        #expect(matchError == explainError, "\(url)")
    }

    // MARK: - Property

    /// Pattern pieces; `N` becomes a name unique within the pattern.
    private static let pieces = [
        "/p", "/new", "/42", "/{N:int}", "/{N:uint}", "/{N:float}", "/{N:slug}", "/{N}", "/{N:enum(a|new)}",
        "/{N:int:min(1)}", "/{N:string:max_length(2)}", "/{N:bool}", "[/{N:int}]", "[/new[/{N}]]", "/{N:path}",
    ]
    private static let segments = [
        "p", "new", "42", "-3", "0", "9223372036854775808", "a", "ab", "abc", "true", "1.5", "x%20y", "",
    ]
    private static let sources = ["shop://", "https://shop.example.com/", "kids://", "http://shop.example.com/"]
    private static let queries = ["", "?mode=x", "?q=5", "?q=abc&mode=x", "?mode=x&q=5"]

    /// Route `i` of a generated table: its pieces and a flag word (query literal, pin, required
    /// param). Also returns the pieces as used, to shape URLs after.
    private static func route(_ i: Int, _ picks: [Int], _ flags: Int) -> (
        name: String, pattern: String, shape: [String]
    ) {
        var path = ""
        var shape: [String] = []
        for (j, pick) in picks.enumerated() {
            var piece = pieces[pick]
            if j == 0 && piece.hasPrefix("[") { piece = "/p" }  // a pattern starts with a slash
            if piece.contains(":path") && j != picks.count - 1 { piece = "/p" }  // rest-of-path goes last
            shape.append(piece)
            path += piece.split(separator: "N", omittingEmptySubsequences: false).joined(separator: "v\(j)")
        }
        var pattern = path.isEmpty ? "/" : path
        if flags & 1 != 0 { pattern += "?mode=x" }
        if !path.isEmpty {
            if flags & 6 == 2 { pattern = "shop:/" + pattern }
            if flags & 6 == 4 { pattern = "https://shop.example.com" + pattern }
        }
        return ("r\(i)", pattern, shape)
    }

    /// A value that fits each placeholder piece.
    private static let fitting = [
        "/{N:int}": "42", "/{N:uint}": "7", "/{N:float}": "1.5", "/{N:slug}": "a-b", "/{N}": "x%20y",
        "/{N:enum(a|new)}": "new", "/{N:int:min(1)}": "3", "/{N:string:max_length(2)}": "ab", "/{N:bool}": "true",
        "[/{N:int}]": "-3", "[/new[/{N}]]": "z", "/{N:path}": "a",
    ]

    /// A path shaped like a route's pieces: literals as written, placeholders filled from `fill`
    /// (a value that fits, or one from the pool that may not), optional groups present or not.
    private static func shapedPath(_ shape: [String], _ fill: [Int]) -> [String] {
        var out: [String] = []
        for (j, piece) in shape.enumerated() {
            let pick = fill.isEmpty ? 0 : fill[j % fill.count]
            let value = pick % 3 == 0 ? segments[pick] : fitting[piece] ?? segments[pick]
            let present = (fill.count + j) % 2 == 0
            switch piece {
            case "/p", "/new", "/42": out.append(String(piece.dropFirst()))
            case "[/{N:int}]": if present { out.append(value) }
            case "[/new[/{N}]]": if present { out += fill.count > 2 ? ["new", value] : ["new"] }
            case "/{N:path}": out += fill.count > 1 ? [value, "x"] : [value]
            default: out.append(value)
            }
        }
        return out
    }

    @Test func explainAgreesWithMatchOnGeneratedTables() async throws {
        let tableGen = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...3).array(of: 1...10)
        let urlGen = Gen.int(in: 0...(Self.segments.count - 1)).array(of: 0...4).array(of: 1...12)
        await propertyCheck(input: tableGen, urlGen, Gen.int(in: 0...1_000_000)) { tablePicks, urlPicks, seed in
            var seen: Set<String> = []
            var routes: [(String, String)] = []
            var shapes: [[String]] = []
            var query: [String: [QueryParam]] = [:]
            for (i, picks) in tablePicks.enumerated() {
                let flags = seed >> (i % 16)
                let route = Self.route(i, picks, flags)
                guard seen.insert(route.pattern).inserted else { continue }
                routes.append((route.name, route.pattern))
                shapes.append(route.shape)
                if flags & 8 != 0 { query[route.name] = [try QueryParam("q", "int")] }
            }
            // Distinct texts may still spell the same URLs (a duplicate_route error): skip those tables.
            guard let table = try? makeTable(routes, query: query, schemes: ["shop", "kids"]) else { return }
            for (k, picks) in urlPicks.enumerated() {
                // Every other URL is shaped like one of the routes, so that many match something.
                let path =
                    k % 2 == 0
                    ? picks.map { Self.segments[$0] } : Self.shapedPath(shapes[(k / 2) % shapes.count], picks)
                let url =
                    Self.sources[(seed + k) % Self.sources.count] + path.joined(separator: "/")
                    + Self.queries[(seed / 7 + k) % Self.queries.count]
                let match: RouteMatch?
                do {
                    match = try table.match(url)
                } catch let error as MalformedURLError {
                    #expect(throws: error, "\(url)") { try table.explain(url) }
                    continue
                }
                let candidates = try table.explain(url)
                #expect(candidates.first(where: \.matched)?.route == match?.route.name, "\(url) in \(routes)")
                #expect(candidates.filter(\.matched).count <= 1, "\(url) in \(routes)")
                #expect(candidates.map(\.rank) == Array(0..<candidates.count).map { $0 + 1 })
                #expect(candidates.count <= RouteTable.explainLimit)
                if let matched = candidates.first(where: \.matched) {
                    let laterMatches = candidates.filter { $0.reason == "a higher-ranked route matched" }
                    #expect(laterMatches.allSatisfy { $0.rank > matched.rank }, "\(url) in \(routes)")
                }
                #expect(candidates.allSatisfy { ($0.reason == nil) == $0.matched }, "\(url)")
            }
        }
    }
}
