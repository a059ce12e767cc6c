import LinkNavigation
import LinkRouting
import Testing

@Suite struct InterceptorTests {
    func context(attributes: SessionAttributes = [:], headers: [String: String] = [:]) throws
        -> InterceptionContext
    {
        let table = try RouteTable([RouteDefinition(name: "x", pattern: "/x")], schemes: ["shop"])
        let match = try #require(try table.match("shop://x"))
        return InterceptionContext(
            url: "shop://x",
            match: match,
            attributes: attributes,
            headers: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }),
            flags: ["beta": true]
        )
    }

    @Test func conditionsCombine() throws {
        let signedInStaff = Condition.all([
            .attribute("signed_in", .equals(.bool(true))),
            .any([
                .attribute("role", .oneOf([.string("staff"), .string("admin")])), .header("X-Debug", .present(true)),
            ]),
            .not(.attribute("banned", .present(true))),
        ])
        #expect(signedInStaff.holds(in: try context(attributes: ["signed_in": .bool(true), "role": .string("staff")])))
        #expect(signedInStaff.holds(in: try context(attributes: ["signed_in": .bool(true)], headers: ["x-debug": "1"])))
        #expect(!signedInStaff.holds(in: try context(attributes: ["signed_in": .bool(true)])))
        #expect(
            !signedInStaff.holds(
                in: try context(attributes: [
                    "signed_in": .bool(true), "role": .string("staff"),
                    "banned": .bool(true),
                ])
            )
        )
        #expect(
            !signedInStaff.holds(
                in: try context(attributes: ["signed_in": .string("false"), "role": .string("staff")])
            )
        )
        // Header values are text: an equals on a number compares its text.
        #expect(Condition.header("X-Tier", .equals(.number(2))).holds(in: try context(headers: ["X-TIER": "2"])))
    }

    @Test func featureFlagsComeFromTheSessionFirst() throws {
        let beta = FeatureInterceptor(flag: "beta", else: .screen("soon"))
        #expect(beta.intercept(try context()) == .pass)
        #expect(beta.intercept(try context(attributes: ["beta": .bool(false)])) == .screen("soon"))
        let gamma = FeatureInterceptor(flag: "gamma", else: .redirect("/"))
        #expect(gamma.intercept(try context()) == .redirect("/"))
        #expect(gamma.intercept(try context(attributes: ["gamma": .string("true")])) == .pass)
    }

    static let versions: [(client: String?, attribute: String?, passes: Bool)] = [
        ("2.3.0", nil, true), ("2.3", nil, true), ("v2.10.0", nil, true), ("2.2.9", nil, false),
        ("2.3.0-beta.1", nil, false), (nil, "2.4.0", true), (nil, "1.0", false), ("3.0.0", "1.0", true),
        (nil, nil, true), ("garbage", nil, true),
    ]

    @Test(arguments: versions.indices)
    func minVersionComparesSemanticVersions(_ index: Int) throws {
        let c = Self.versions[index]
        let interceptor = MinVersionInterceptor(
            version: try #require(SemanticVersion("2.3.0")),
            else: .screen("update")
        )
        let outcome = interceptor.intercept(
            try context(
                attributes: c.attribute.map { ["app_version": .string($0)] } ?? [:],
                headers: c.client.map { ["X-App-Version": $0] } ?? [:]
            )
        )
        #expect((outcome == .pass) == c.passes, "\(c)")
    }

    @Test func semanticVersionOrder() throws {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0",
        ]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        #expect(versions == versions.sorted())
        #expect(versions.shuffled().sorted() == versions)
        #expect(SemanticVersion("1..2") == nil)
        #expect(SemanticVersion("1.2.3.4") == nil)
    }

    static let strips: [(url: String, result: String?)] = [
        ("shop://p?utm_source=a&ref=b", "shop://p?ref=b"),
        ("shop://p?ref=b&utm_medium=c&fbclid=9", "shop://p?ref=b"),
        ("shop://p?utm_source=a", "shop://p"),
        ("shop://p?utm%5Fsource=a&x=1#frag", "shop://p?x=1#frag"),  // names compare decoded
        ("shop://p?ref=b", nil),
        ("shop://p", nil),
        ("shop://p?fbclidx=1", nil),  // a glob without * matches the whole name only
    ]

    @Test(arguments: strips.indices)
    func stripQueryRemovesMatchingParams(_ index: Int) {
        let c = Self.strips[index]
        #expect(StripQueryInterceptor(patterns: ["utm_*", "fbclid"]).rewrite(c.url) == c.result)
    }

    /// Embedders add interceptors through the protocol.
    struct Maintenance: Interceptor {
        var kind: String { "maintenance" }
        func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
            context.attributes["tester"] == nil ? .reject(status: 503, code: "maintenance") : .pass
        }
    }

    @Test func aCustomInterceptorRunsInThePipeline() throws {
        let table = try RouteTable([RouteDefinition(name: "home", pattern: "/")], schemes: ["shop"])
        let navigator = Navigator(
            try NavigationConfig(
                table: table,
                bindings: [RouteBinding(target: .screen("home", strategy: nil), interceptors: ["maintenance"])],
                resolver: NavigationResolver(graph: try ScreenGraph([Screen(name: "home")])),
                interceptors: ["maintenance": Maintenance()]
            )
        )
        #expect(throws: NavigationFailure.self) {
            try navigator.navigate(.init(url: "shop://"), session: Session(id: "s"))
        }
        let ok = try navigator.navigate(
            .init(url: "shop://"),
            session: Session(id: "s", attributes: ["tester": .bool(true)])
        )
        #expect(ok.interceptors == [InterceptorRecord(name: "maintenance", kind: "maintenance", outcome: "passed")])
    }
}

@Suite struct InterceptorEdgeTests {
    @Test func aQuestionMarkInTheFragmentIsNoQuery() {
        #expect(StripQueryInterceptor(patterns: ["utm_*"]).rewrite("shop://product/1#frag?utm_a=1") == nil)
    }

    struct Flip: Interceptor {
        var kind: String { "flip" }
        func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
            .rewrite(context.url.hasSuffix("/") ? "shop://a" : "shop://a/")
        }
    }

    struct SelfRedirect: Interceptor {
        var kind: String { "self" }
        func intercept(_ context: InterceptionContext) -> InterceptorOutcome { .redirect(context.url) }
    }

    func navigator(_ interceptor: any Interceptor) throws -> Navigator {
        let table = try RouteTable([RouteDefinition(name: "a", pattern: "/a")], schemes: ["shop"])
        return Navigator(
            try NavigationConfig(
                table: table,
                bindings: [RouteBinding(target: .screen("a", strategy: nil), interceptors: ["x"])],
                resolver: NavigationResolver(graph: try ScreenGraph([Screen(name: "a")])),
                interceptors: ["x": interceptor]
            )
        )
    }

    @Test func endlessRewritesStop() throws {
        #expect(throws: NavigationFailure.self) {
            try navigator(Flip()).navigate(.init(url: "shop://a"), session: Session(id: "s"))
        }
    }

    @Test func aRedirectToTheURLItselfIsANoOpRecordedAsPassed() throws {
        let outcome = try navigator(SelfRedirect()).navigate(.init(url: "shop://a"), session: Session(id: "s"))
        #expect(outcome.redirects == [])
        #expect(outcome.interceptors.map(\.outcome) == ["passed"])
        #expect(outcome.session.stack.map(\.screen) == ["a"])
    }
}
