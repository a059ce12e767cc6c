import LinkRouting
import Testing

@Suite struct MatchingTests {
    /// Priority must not depend on declaration order: each table is tried forwards and backwards.
    static let priorityCases: [(routes: [(String, String)], url: String, winner: String)] = [
        ([("lit", "/p/new"), ("typed", "/p/{id:int}"), ("str", "/p/{s}")], "shop://p/new", "lit"),
        ([("lit", "/p/new"), ("typed", "/p/{id:int}"), ("str", "/p/{s}")], "shop://p/42", "typed"),
        ([("lit", "/p/new"), ("typed", "/p/{id:int}"), ("str", "/p/{s}")], "shop://p/old", "str"),
        ([("slug", "/t/{t:slug}"), ("str", "/t/{s}")], "shop://t/a-b", "slug"),
        ([("slug", "/t/{t:slug}"), ("str", "/t/{s}")], "shop://t/a%20b", "str"),
        ([("uuid", "/u/{u:uuid}"), ("slug", "/u/{t:slug}")], "shop://u/123e4567-e89b-12d3-a456-426614174000", "uuid"),
        ([("enum", "/c/{k:enum(new|hot)}"), ("slug", "/c/{t:slug}")], "shop://c/hot", "enum"),
        ([("enum", "/c/{k:enum(new|hot)}"), ("slug", "/c/{t:slug}")], "shop://c/top", "slug"),
        ([("date", "/d/{d:date}"), ("str", "/d/{s}")], "shop://d/2024-02-29", "date"),
        ([("date", "/d/{d:date}"), ("str", "/d/{s}")], "shop://d/2023-02-29", "str"),
        ([("bool", "/b/{v:bool}"), ("str", "/b/{s}")], "shop://b/true", "bool"),
        ([("float", "/f/{v:float}"), ("str", "/f/{s}")], "shop://f/1.5e3", "float"),
        // Leftmost difference decides: a literal first segment beats a later literal.
        ([("a", "/{x}/edit"), ("b", "/users/{id}")], "shop://users/edit", "b"),
        // Literal then backtrack: /users/new/edit falls back to the placeholder branch.
        ([("new", "/users/new"), ("edit", "/users/{id}/edit")], "shop://users/new/edit", "edit"),
        // Absent optional ranks below string, above rest.
        ([("opt", "/docs[/{section}]/{page}"), ("two", "/docs/{a}")], "shop://docs/x", "two"),
        ([("opt", "/docs[/{v:int}]"), ("rest", "/docs/{r:path}")], "shop://docs/x", "rest"),
        ([("opt", "/docs[/{v:int}]"), ("rest", "/docs/{r:path}")], "shop://docs/3", "opt"),
        ([("exact", "/a"), ("opt", "/a[/{x}]")], "shop://a", "exact"),
        // Query literals add specificity after the path.
        ([("pvp", "/open?type=pvp"), ("open", "/open")], "shop://open?type=pvp", "pvp"),
        ([("pvp", "/open?type=pvp"), ("open", "/open")], "shop://open?type=pve", "open"),
        ([("two", "/open?type=pvp&mode=x"), ("one", "/open?type=pvp")], "shop://open?mode=x&type=pvp", "two"),
        ([("flag", "/open?debug"), ("open", "/open")], "shop://open?debug", "flag"),
    ]

    @Test(arguments: priorityCases.indices)
    func priorityIgnoresDeclarationOrder(_ index: Int) throws {
        let c = Self.priorityCases[index]
        for routes in [c.routes, c.routes.reversed()] {
            let table = try makeTable(routes)
            #expect(try table.match(c.url)?.route.name == c.winner, "\(c.url) with \(routes.map(\.0))")
        }
    }

    @Test func intOverflowFallsThroughToStringRoute() throws {
        let table = try makeTable([("int", "/p/{id:int}"), ("str", "/p/{s}")])
        #expect(try table.match("shop://p/9223372036854775807")?.summary == ["id=9223372036854775807"])
        let overflow = try table.match("shop://p/9223372036854775808")
        #expect(overflow?.route.name == "str")
        #expect(overflow?.summary == ["s=\"9223372036854775808\""])
    }

    @Test func typedFailureWithNoFallbackIsNoMatch() throws {
        let table = try makeTable([("int", "/p/{id:int}")])
        #expect(try table.match("shop://p/abc") == nil)
        #expect(try table.match("shop://p/99999999999999999999") == nil)
    }

    @Test func constraintsNarrowMatches() throws {
        let table = try makeTable([
            ("page", "/r/{page:int:min(1):max(10)}"), ("other", "/r/{s}"),
            ("name", "/n/{n:string:min_length(2):max_length(3)}"),
        ])
        #expect(try table.match("shop://r/10")?.route.name == "page")
        #expect(try table.match("shop://r/0")?.route.name == "other")
        #expect(try table.match("shop://r/11")?.route.name == "other")
        #expect(try table.match("shop://n/%C3%A9%C3%A9")?.summary == ["n=\"éé\""])  // 2 scalars, 4 bytes
        #expect(try table.match("shop://n/a") == nil)
        #expect(try table.match("shop://n/abcd") == nil)
    }

    static let segmentCases: [(url: String, params: [String]?)] = [
        ("shop://f/a%2Fb", ["name=\"a/b\""]),  // %2F stays inside its segment
        ("shop://f/a%20b", ["name=\"a b\""]),
        ("shop://f/a+b", ["name=\"a+b\""]),  // + stays + in the path
        ("shop://f/a%2Bb", ["name=\"a+b\""]),
        ("shop://f/%25", ["name=\"%\""]),  // decoded once only
        ("shop://f/%2525", ["name=\"%25\""]),
        ("shop://f/caf%C3%A9", ["name=\"café\""]),
        ("shop://f/café", ["name=\"café\""]),
        ("shop://f/x/", ["name=\"x\""]),  // one trailing slash ignored
        ("shop://f/x//", nil),  // the second leaves an empty segment
        ("shop://f//", nil),  // an empty segment never binds
        ("shop://f/A", ["name=\"A\""]),
    ]

    @Test(arguments: segmentCases.indices)
    func segmentsAreDecodedOnceAfterSplitting(_ index: Int) throws {
        let c = Self.segmentCases[index]
        let table = try makeTable([("f", "/f/{name}")])
        #expect(try table.match(c.url)?.summary == c.params, "\(c.url)")
    }

    @Test func pathIsCaseSensitiveButHostSlotIsNot() throws {
        let table = try makeTable([("p", "/product/{id:int}"), ("P", "/x/Product")])
        #expect(try table.match("SHOP://PRODUCT/1")?.route.name == "p")
        #expect(try table.match("shop://Product/1")?.route.name == "p")
        #expect(try table.match("shop://x/Product")?.route.name == "P")
        #expect(try table.match("shop://x/product") == nil)
        #expect(try table.match("https://SHOP.example.COM/product/1")?.route.name == "p")
        #expect(try table.match("https://shop.example.com/PRODUCT/1") == nil)
    }

    static let optionalCases: [(url: String, params: [String]?)] = [
        ("shop://product/42/reviews", ["id=42"]),
        ("shop://product/42/reviews/3", ["id=42", "page=3"]),
        ("shop://product/42/reviews/x", nil),
        ("shop://product/42/reviews/3/sort/new", ["id=42", "page=3", "sort=\"new\""]),
        ("shop://product/42/reviews/3/sort", nil),  // a group is all present or all absent
        ("shop://product/42/reviews/sort/new", nil),  // the inner group needs the outer one
    ]

    @Test(arguments: optionalCases.indices)
    func optionalGroupsPresentAbsentAndPartial(_ index: Int) throws {
        let c = Self.optionalCases[index]
        let table = try makeTable([("reviews", "/product/{id:int}/reviews[/{page:int}[/sort/{sort}]]")])
        #expect(try table.match(c.url)?.summary == c.params, "\(c.url)")
    }

    @Test func restOfPathNeedsAtLeastOneSegment() throws {
        let table = try makeTable([("files", "/files/{rest:path}"), ("root", "/files")])
        #expect(try table.match("shop://files")?.route.name == "root")
        #expect(try table.match("shop://files/")?.route.name == "root")
        #expect(try table.match("shop://files/a")?.summary == ["rest=\"a\""])
        #expect(try table.match("shop://files/a/b%20c/d")?.summary == ["rest=\"a/b c/d\""])
        #expect(try table.match("shop://files/a//d") == nil)
    }

    @Test func malformedURLsAreTypedErrorsNamingTheComponent() throws {
        let table = try makeTable([("f", "/f/{name}")])
        let cases: [(String, MalformedURLError.Component, MalformedURLError.Reason)] = [
            ("shop://f/%zz", .path, .malformedEscape),
            ("shop://f/%C3%28", .path, .invalidUTF8),
            ("shop://f/a%00", .path, .controlCharacter),
            ("shop://f/..", .path, .dotSegment),
            ("shop://f/x?q=%2", .query, .malformedEscape),
            ("shop://%zz/x", .host, .malformedEscape),
            ("://f", .scheme, .invalidScheme),
        ]
        for (url, component, reason) in cases {
            do {
                _ = try table.match(url)
                Issue.record("\(url) should be malformed")
            } catch {
                #expect(error.component == component, "\(url)")
                #expect(error.reason == reason, "\(url)")
            }
        }
    }

    @Test func rootAndEmptyPaths() throws {
        let table = try makeTable([("home", "/")])
        for url in ["shop://", "shop:", "shop:///", "https://shop.example.com", "https://shop.example.com/"] {
            #expect(try table.match(url)?.route.name == "home", "\(url)")
        }
    }
}

@Suite struct LongURLTests {
    /// More segments and query pairs than the small stack buffers hold: the scanner retries with room.
    @Test func manySegmentsAndQueryPairsStillMatch() throws {
        let table = try makeTable(
            [("deep", "/d/{rest:path}"), ("q", "/q")],
            query: ["q": [try QueryParam("k", "[int]")]]
        )
        let segments = (0..<300).map { "s\($0)" }
        let deep = try #require(try table.match("shop://d/" + segments.joined(separator: "/")))
        #expect(deep["rest"] == .string(segments.joined(separator: "/")))

        let pairs = (0..<100).map { "k=\($0)" }.joined(separator: "&")
        let q = try #require(try table.match("shop://q?" + pairs))
        #expect(q["k"] == .array((0..<100).map { .int(Int64($0)) }))
        let normalized = try NormalizedURL("shop://d/" + segments.joined(separator: "/") + "?" + pairs)
        #expect(normalized.segments.count == 301)
        #expect(normalized.query.count == 100)
    }

    @Test func longURLErrorsStillNameTheComponent() throws {
        let table = try makeTable([("deep", "/d/{rest:path}")])
        let url = "shop://d/" + (0..<100).map { "s\($0)" }.joined(separator: "/") + "/%zz"
        #expect(throws: MalformedURLError(component: .path, reason: .malformedEscape, offset: url.utf8.count - 3)) {
            try table.match(url)
        }
    }
}
