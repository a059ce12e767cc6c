import LinkNavigation
import LinkRouting
import Testing

/// The outcome's link and warnings are its match's, and a redirect chain starts with the link asked for.
@Suite struct OutcomeLinkTests {
    func session() -> Session {
        Session(id: "s", stack: [], attributes: [:], nextEntryNumber: 1)
    }

    @Test func aStraightNavigationAnswersWithTheLinkAsked() throws {
        let outcome = try shopNavigator().navigate(.init(url: "shop://product/42?ref=mail"), session: session())
        #expect(outcome.url == "shop://product/42?ref=mail")
        #expect(outcome.match?.url == "shop://product/42?ref=mail")
        #expect(outcome.redirects.isEmpty)
    }

    @Test func aRedirectedNavigationAnswersWithTheLinkItMatched() throws {
        let outcome = try shopNavigator().navigate(.init(url: "shop://p/7"), session: session())
        #expect(outcome.url == "shop://product/7")
        #expect(outcome.match?.url == outcome.url)
        #expect(outcome.match?.route.name == "product")
        #expect(outcome.redirects == ["shop://product/7"])
    }

    @Test func aStackOperationHasNoLinkAndNoWarnings() throws {
        let navigator = try shopNavigator()
        let first = try navigator.navigate(.init(url: "shop://product/42"), session: session())
        let back = try navigator.perform(.back, session: first.session)
        #expect(back.url == nil)
        #expect(back.match == nil)
        #expect(back.warnings.isEmpty)
    }

    @Test func theWarningsAreTheMatchs() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}")
        let navigator = Navigator(
            try NavigationConfig(
                table: try RouteTable([route], schemes: ["shop"]),
                bindings: [RouteBinding(target: .screen("item", strategy: nil))],
                resolver: NavigationResolver(
                    graph: try ScreenGraph([Screen(name: "item", params: [try ScreenParam("id", "int")])])
                )
            )
        )
        let outcome = try navigator.navigate(.init(url: "shop://item/5?id=9"), session: session())
        #expect(outcome.warnings.map(\.code) == [.shadowedQueryParam])
        #expect(outcome.warnings == outcome.match?.warnings)
    }

    @Test func tooManyRedirectsListTheLinkAskedThenEachRedirect() throws {
        #expect {
            try shopNavigator(redirectLimit: 2).navigate(.init(url: "shop://hop/1"), session: session())
        } throws: { error in
            guard case .tooManyRedirects(let chain) = error as? NavigationFailure else { return false }
            return chain == ["shop://hop/1", "shop://hop/1/next", "shop://hop/x1", "shop://hop/x1/next"]
        }
    }

    @Test func aRedirectBackToTheLinkAskedIsALoop() throws {
        #expect {
            try shopNavigator().navigate(.init(url: "shop://loop/b"), session: session())
        } throws: { error in
            guard case .redirectLoop(let chain) = error as? NavigationFailure else { return false }
            return chain == ["shop://loop/b", "shop://loop/a", "shop://loop/b"]
        }
    }
}
