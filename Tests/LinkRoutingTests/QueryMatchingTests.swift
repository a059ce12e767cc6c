import LinkRouting
import Testing

@Suite struct QueryMatchingTests {
    func table() throws -> RouteTable {
        try makeTable(
            [("search", "/search"), ("product", "/product/{id:int}")],
            query: [
                "search": [
                    try QueryParam("q", "string"),
                    try QueryParam("page", "int=1"),
                    try QueryParam("sort", "enum(new|top)?"),
                    try QueryParam("tag", "[slug]"),
                ],
                "product": [try QueryParam("ref", "string=direct")],
            ]
        )
    }

    static let cases: [(url: String, params: [String]?, warnings: [String])] = [
        ("shop://search?q=shoes", ["q=\"shoes\"", "page=1", "sort=null", "tag=[]"], []),
        ("shop://search?q=red+shoes", ["q=\"red shoes\"", "page=1", "sort=null", "tag=[]"], []),  // + is a space
        ("shop://search?q=a%2Bb", ["q=\"a+b\"", "page=1", "sort=null", "tag=[]"], []),  // %2B is +
        ("shop://search?q=a%252B", ["q=\"a%2B\"", "page=1", "sort=null", "tag=[]"], []),  // decoded once
        ("shop://search?q=x&page=3&sort=top", ["q=\"x\"", "page=3", "sort=\"top\"", "tag=[]"], []),
        ("shop://search?q=a&q=b", ["q=\"b\"", "page=1", "sort=null", "tag=[]"], []),  // last wins
        (
            "shop://search?q=x&tag=a&tag=b-c&tag=a", ["q=\"x\"", "page=1", "sort=null", "tag=[\"a\", \"b-c\", \"a\"]"],
            []
        ),
        ("shop://search?q=x&page=abc", ["q=\"x\"", "page=1", "sort=null", "tag=[]"], ["page"]),  // default + warning
        ("shop://search?q=x&page=99999999999999999999", ["q=\"x\"", "page=1", "sort=null", "tag=[]"], ["page"]),
        ("shop://search?q=x&sort=old", ["q=\"x\"", "page=1", "sort=null", "tag=[]"], ["sort"]),  // null + warning
        ("shop://search?q=x&tag=ok&tag=not%20ok", ["q=\"x\"", "page=1", "sort=null", "tag=[\"ok\"]"], ["tag"]),
        ("shop://search?q=x&utm_source=mail", ["q=\"x\"", "page=1", "sort=null", "tag=[]"], []),  // undeclared: ignored
        ("shop://search?q=x&&page=2&", ["q=\"x\"", "page=2", "sort=null", "tag=[]"], []),
        ("shop://search", nil, []),  // required missing: no match
        ("shop://search?page=2", nil, []),
        ("shop://search?q=", nil, []),  // an empty string is not a string value
        ("shop://product/7", ["id=7", "ref=\"direct\""], []),
        ("shop://product/7?id=8", ["id=7", "ref=\"direct\""], ["id"]),  // the path param shadows the query key
    ]

    @Test(arguments: cases.indices)
    func queryParamsFollowTheirMode(_ index: Int) throws {
        let c = Self.cases[index]
        let match = try table().match(c.url)
        #expect(match?.summary == c.params, "\(c.url)")
        #expect((match?.warnings.map(\.param) ?? []) == c.warnings, "\(c.url)")
        // Told without the array, for matches with declared query params and without.
        #expect((match?.hasWarnings ?? false) == !c.warnings.isEmpty, "\(c.url)")
    }

    @Test func invalidRequiredQueryValueFallsToTheNextCandidate() throws {
        let table = try makeTable(
            [("typed", "/list"), ("any", "/list?view")],
            query: ["typed": [try QueryParam("n", "int")]]
        )
        #expect(try table.match("shop://list?n=5")?.route.name == "typed")
        #expect(try table.match("shop://list?n=five&view")?.route.name == "any")
        #expect(try table.match("shop://list?n=five") == nil)
    }

    @Test func warningsSayWhatHappened() throws {
        let match = try #require(try table().match("shop://search?q=x&page=abc"))
        let warning = try #require(match.warnings.first)
        #expect(warning.code == .invalidQueryValue)
        #expect(warning.message.contains("'abc'"))
        #expect(warning.message.contains("default 1"))
    }
}
