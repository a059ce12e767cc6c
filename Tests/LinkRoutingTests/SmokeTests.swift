import LinkRouting
import Testing

@Test func smoke() throws {
    let table = try RouteTable(
        [
            RouteDefinition(name: "home", pattern: "/"),
            RouteDefinition(name: "product", pattern: "/product/{id:int}", query: [try QueryParam("ref", "string?")]),
            RouteDefinition(name: "product_slug", pattern: "/product/{slug}"),
            RouteDefinition(name: "reviews", pattern: "/product/{id:int}/reviews[/{page:int}]"),
            RouteDefinition(name: "pvp", pattern: "/open?type=pvp"),
            RouteDefinition(name: "open", pattern: "/open"),
            RouteDefinition(name: "files", pattern: "/files/{rest:path}"),
        ],
        schemes: ["shop"],
        hosts: ["shop.example.com"]
    )
    print(table.warnings)
    for url in [
        "shop://product/42?ref=mail", "shop://PRODUCT/42", "shop:/product/abc", "https://shop.example.com/product/42/reviews",
        "https://shop.example.com/product/42/reviews/3", "shop://open?type=pvp", "shop://open", "shop://files/a/b%2Fc",
        "shop://", "https://other.com/product/1", "shop://product/99999999999999999999", "shop://product/42?id=3&ref=x",
    ] {
        let m = try table.match(url)
        print(url, "->", m?.route.name ?? "nil", m?.params.map { "\($0.name)=\($0.value)" } ?? [], m?.warnings ?? [])
    }
    #expect(throws: MalformedURLError.self) { try table.match("shop://product/%zz") }
    print(try NormalizedURL("SHOP://Product/a%20b/?q=a+b&x=%2B#frag"))
}
