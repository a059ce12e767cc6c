import LinkRouting
import Testing

@Suite struct SourceTests {
    func table() throws -> RouteTable {
        try makeTable(
            [
                ("both", "/product/{id:int}"),
                ("app_only", "shop://promo/{code}"),
                ("web_only", "https://shop.example.com/legal/{doc}"),
                ("other_app", "kids://product/{id:int}"),
            ],
            schemes: ["shop", "kids"],
            hosts: ["shop.example.com", "www.shop.example.com"]
        )
    }

    static let cases: [(url: String, route: String?)] = [
        ("shop://product/1", "both"),
        ("shop:/product/1", "both"),  // shop:/x equals shop://x
        ("shop:///product/1", "both"),
        ("https://shop.example.com/product/1", "both"),
        ("http://shop.example.com/product/1", "both"),
        ("https://www.shop.example.com/product/1", "both"),
        ("https://shop.example.com:443/product/1", "both"),
        ("https://shop.example.com:8443/product/1", nil),  // another origin
        ("https://evil.example.com/product/1", nil),  // hosts are pinned
        ("https://shop.example.com.evil.com/product/1", nil),
        ("ftp://shop.example.com/product/1", nil),  // unknown scheme
        ("shop://promo/X1", "app_only"),
        ("https://shop.example.com/promo/X1", nil),
        ("https://shop.example.com/legal/terms", "web_only"),
        ("http://shop.example.com/legal/terms", nil),  // pinned to https
        ("https://www.shop.example.com/legal/terms", nil),
        ("shop://legal/terms", nil),
        ("kids://product/1", "other_app"),  // a route naming its source is more specific
        ("KIDS://Product/1", "other_app"),
    ]

    @Test(arguments: cases.indices)
    func linkSourcesAndHostPinning(_ index: Int) throws {
        let c = Self.cases[index]
        #expect(try table().match(c.url)?.route.name == c.route, "\(c.url)")
    }

    @Test func unpinnedRouteServesEverySource() throws {
        let table = try makeTable([("p", "/p")], schemes: ["a", "b"], hosts: ["x.com"])
        for url in ["a://p", "b://p", "https://x.com/p", "http://X.com/p"] {
            #expect(try table.match(url)?.route.name == "p", "\(url)")
        }
    }

    @Test func userInfoIsRejectedNotMatched() throws {
        #expect(throws: MalformedURLError.self) { try table().match("https://shop.example.com@evil.com/product/1") }
    }
}
