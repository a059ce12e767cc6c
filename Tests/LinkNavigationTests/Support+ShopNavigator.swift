import LinkNavigation
import LinkRouting

/// The SPEC §2 sample app wired into a ``Navigator``, plus routes that exercise redirects and rejects.
func shopNavigator(flags: [String: Bool] = ["new_checkout": false], redirectLimit: Int = 5) throws -> Navigator {
    let routes: [(RouteDefinition, RouteBinding)] = [
        (RouteDefinition(name: "home", pattern: "/"), RouteBinding(target: .screen("home", strategy: nil))),
        (
            RouteDefinition(name: "product", pattern: "/product/{id:int}", query: [try QueryParam("ref", "string?")]),
            RouteBinding(target: .screen("product", strategy: nil))
        ),
        (RouteDefinition(name: "short", pattern: "/p/{id:int}"), RouteBinding(target: .redirect("/product/{id}"))),
        (
            RouteDefinition(name: "reviews", pattern: "/product/{id:int}/reviews[/{page:int}]"),
            RouteBinding(target: .screen("reviews", strategy: nil))
        ),
        (
            RouteDefinition(name: "cart", pattern: "/cart"),
            RouteBinding(target: .screen("cart", strategy: nil), interceptors: ["signed_in"])
        ),
        (
            RouteDefinition(name: "checkout", pattern: "/checkout"),
            RouteBinding(
                target: .screen("checkout", strategy: nil),
                interceptors: ["signed_in", "new_checkout", "modern_client"]
            )
        ),
        (RouteDefinition(name: "pvp", pattern: "/open?type=pvp"), RouteBinding(target: .screen("home", strategy: nil))),
        (RouteDefinition(name: "loop_a", pattern: "/loop/a"), RouteBinding(target: .redirect("/loop/b"))),
        (RouteDefinition(name: "loop_b", pattern: "/loop/b"), RouteBinding(target: .redirect("/loop/a"))),
        (RouteDefinition(name: "hop", pattern: "/hop/{n:int}"), RouteBinding(target: .redirect("/hop/{n}/next"))),
        (RouteDefinition(name: "hop_next", pattern: "/hop/{n:int}/next"), RouteBinding(target: .redirect("/hop/x{n}"))),
        (RouteDefinition(name: "hop_x", pattern: "/hop/{s}"), RouteBinding(target: .redirect("/hop/{s}/next"))),
        (
            RouteDefinition(name: "admin", pattern: "/admin"),
            RouteBinding(target: .screen("settings", strategy: nil), interceptors: ["staff_only"])
        ),
        (
            RouteDefinition(name: "search", pattern: "/search"),
            RouteBinding(target: .screen("search", strategy: .push))
        ),
        (
            RouteDefinition(name: "legal", pattern: "/legal"),
            RouteBinding(target: .screen("settings", strategy: nil), interceptors: ["needs_terms"])
        ),
        (
            RouteDefinition(name: "go_checkout", pattern: "/go/checkout"),
            RouteBinding(target: .screen("checkout", strategy: .push))
        ),
    ]
    let table = try RouteTable(routes.map(\.0), schemes: ["shop"], hosts: ["shop.example.com"])
    return Navigator(
        try NavigationConfig(
            table: table,
            bindings: routes.map(\.1),
            resolver: NavigationResolver(graph: try shopGraph()),
            interceptors: [
                "signed_in": RequireInterceptor(
                    when: .attribute("signed_in", .equals(.bool(true))),
                    else: .flow("login")
                ),
                "new_checkout": FeatureInterceptor(flag: "new_checkout", else: .redirect("/cart")),
                "modern_client": MinVersionInterceptor(
                    version: SemanticVersion("2.3.0") ?? SemanticVersion("0")!,
                    else: .screen("update_required")
                ),
                "no_tracking": StripQueryInterceptor(patterns: ["utm_*", "fbclid"]),
                "needs_terms": RequireInterceptor(
                    when: .attribute("terms", .equals(.bool(true))),
                    else: .flow("terms")
                ),
                "staff_only": RequireInterceptor(
                    when: .attribute("role", .oneOf([.string("staff"), .string("admin")])),
                    else: .reject(status: 403, code: "forbidden")
                ),
            ],
            globalInterceptors: ["no_tracking"],
            flows: [
                Flow(name: "login", screens: ["login"], sets: ["signed_in": .bool(true)]),
                Flow(name: "terms", screens: ["terms"], sets: ["terms": .bool(true)]),
            ],
            flags: flags,
            redirectLimit: redirectLimit
        )
    )
}
