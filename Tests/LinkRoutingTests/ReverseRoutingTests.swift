import LinkRouting
import Testing

@Suite struct ReverseRoutingTests {
    func table() throws -> RouteTable {
        try makeTable(
            [
                ("home", "/"),
                ("product", "/product/{id:int}"),
                ("new_product", "/product/new"),
                ("reviews", "/product/{id:int}/reviews[/{page:int}]"),
                ("search", "/search/{term}"),
                ("files", "/files/{rest:path}"),
                ("pvp", "/open?type=pvp"),
                ("legal", "https://shop.example.com/legal/{doc:slug}"),
                ("user", "/user/{u:uuid}"),
            ],
            query: ["search": [try QueryParam("page", "int=1"), try QueryParam("tag", "[string]")]]
        )
    }

    static let cases: [(route: String, params: [String: ParamValue], source: LinkSource?, url: String)] = [
        ("home", [:], nil, "shop://"),
        ("home", [:], .https("shop.example.com"), "https://shop.example.com/"),
        ("product", ["id": .int(42)], nil, "shop://product/42"),
        ("product", ["id": .string("42")], nil, "shop://product/42"),
        (
            "product", ["id": .int(-7)], .web(scheme: "http", host: "SHOP.example.com"),
            "http://shop.example.com/product/-7"
        ),
        ("reviews", ["id": .int(1)], nil, "shop://product/1/reviews"),
        ("reviews", ["id": .int(1), "page": .int(2)], nil, "shop://product/1/reviews/2"),
        ("reviews", ["id": .int(1), "page": .null], nil, "shop://product/1/reviews"),
        ("search", ["term": .string("red shoes/50% off+")], nil, "shop://search/red%20shoes%2F50%25%20off+"),
        ("search", ["term": .string("x"), "page": .int(2)], nil, "shop://search/x?page=2"),
        (
            "search", ["term": .string("x"), "tag": .array([.string("a&b"), .string("c+d")])], nil,
            "shop://search/x?tag=a%26b&tag=c%2Bd"
        ),
        ("files", ["rest": .string("a/b c/d")], nil, "shop://files/a/b%20c/d"),
        ("pvp", [:], nil, "shop://open?type=pvp"),
        ("legal", ["doc": .string("terms")], nil, "https://shop.example.com/legal/terms"),
        (
            "user", ["u": .string("123E4567-E89B-12D3-A456-426614174000")], nil,
            "shop://user/123e4567-e89b-12d3-a456-426614174000"
        ),
    ]

    @Test(arguments: cases.indices)
    func buildsTheURLThatMatchesBack(_ index: Int) throws {
        let c = Self.cases[index]
        let table = try table()
        let url = try table.url(for: c.route, params: c.params, source: c.source)
        #expect(url == c.url)
        let match = try #require(try table.match(url))
        #expect(match.route.name == c.route)
    }

    static let errors: [(route: String, params: [String: ParamValue], source: LinkSource?, code: LinkError.Code)] = [
        ("nope", [:], nil, .unknownRoute),
        ("product", [:], nil, .missingParam),
        ("product", ["id": .string("abc")], nil, .invalidParam),
        ("product", ["id": .int(1), "color": .string("red")], nil, .unknownParam),
        ("product", ["id": .int(1)], .scheme("other"), .invalidSource),
        ("product", ["id": .int(1)], .https("evil.com"), .invalidSource),
        ("legal", ["doc": .string("terms")], .scheme("shop"), .invalidSource),
        ("legal", ["doc": .string("not a slug")], nil, .invalidParam),
        ("files", ["rest": .string("a//b")], nil, .invalidParam),
        ("search", ["term": .string("x"), "page": .string("two")], nil, .invalidParam),
    ]

    @Test(arguments: errors.indices)
    func refusesLinksItCannotBuild(_ index: Int) throws {
        let c = Self.errors[index]
        #expect {
            try table().url(for: c.route, params: c.params, source: c.source)
        } throws: { error in
            (error as? LinkError)?.code == c.code
        }
    }

    /// Several params the route does not have: the first by name is the one named, whatever the
    /// order a dictionary of this process gives them.
    @Test func namesTheFirstUnknownParamByName() throws {
        let table = try table()
        for stray in [["a", "b", "c", "d", "e", "f"], ["zeta", "eta", "theta", "iota", "kappa", "lambda"]] {
            var params: [String: ParamValue] = ["id": .int(1)]
            for name in stray { params[name] = .bool(true) }
            #expect {
                try table.url(for: "product", params: params)
            } throws: { error in
                guard let error = error as? LinkError else { return false }
                return error.code == .unknownParam && error.param == stray.min()
            }
        }
    }

    @Test func refusesALinkThatAnotherRouteWouldCapture() throws {
        let table = try makeTable([("by_name", "/p/{name}"), ("new", "/p/new")])
        #expect(try table.url(for: "by_name", params: ["name": .string("old")]) == "shop://p/old")
        #expect {
            try table.url(for: "by_name", params: ["name": .string("new")])
        } throws: { error in
            (error as? LinkError)?.code == .unreachable
        }
    }
}
