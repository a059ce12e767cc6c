import LinkNavigation
import LinkRouting
import Testing

/// A route's match checks its captures against the route's specs; the screen's params are checked
/// again unless each has an equal spec on the route. These navigations pass the route's check and
/// must still fail the screen's. The session is not empty: a cold start rebuilds the stack, which
/// checks the params once more.
@Suite struct MatchCheckedParamsTests {
    func navigator(
        _ route: RouteDefinition,
        _ screens: [Screen],
        interceptors: [String: any Interceptor] = [:]
    ) throws -> Navigator {
        Navigator(
            try NavigationConfig(
                table: try RouteTable([route], schemes: ["app"]),
                bindings: [
                    RouteBinding(target: .screen("item", strategy: nil), interceptors: interceptors.keys.sorted())
                ],
                resolver: NavigationResolver(graph: try ScreenGraph([Screen(name: "home")] + screens)),
                interceptors: interceptors
            )
        )
    }

    func session() -> Session {
        Session(
            id: "s",
            stack: [StackEntry(id: "e1", screen: "home", params: [:], presentation: .root)],
            nextEntryNumber: 2
        )
    }

    /// The param the navigation's `invalid_param` names, or `nil` when it fails otherwise or not at all.
    func invalidParam(_ navigator: Navigator, _ url: String) -> String? {
        do {
            _ = try navigator.navigate(.init(url: url), session: session())
            return nil
        } catch {
            guard case .navigation(.invalidParam(_, let param, _)) = error else { return nil }
            return param
        }
    }

    func strictID() throws -> ScreenParam {
        ScreenParam(name: "id", declaration: try ParamDeclaration(spec: try ParamSpec(type: .int, min: 10)))
    }

    @Test func anEqualSpecOnTheRouteGivesTheMatchedValues() throws {
        let route = RouteDefinition(
            name: "item",
            pattern: "/item/{id:int:min(10)}",
            query: [try QueryParam("q", "string?")]
        )
        let screen = Screen(name: "item", params: [try strictID(), try ScreenParam("q", "string?")], parent: "home")
        let outcome = try navigator(route, [screen]).navigate(.init(url: "app://item/12?q=a%20b"), session: session())
        #expect(outcome.session.stack.last?.params == ["id": .int(12), "q": .string("a b")])
    }

    @Test func aPathValueTheRouteTakesButTheScreenRefusesIsAnInvalidParam() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}")
        let navigator = try navigator(route, [Screen(name: "item", params: [try strictID()], parent: "home")])
        #expect(invalidParam(navigator, "app://item/5") == "id")
        #expect(
            try navigator.navigate(.init(url: "app://item/12"), session: session()).session.stack.last?.params
                == ["id": .int(12)]
        )
    }

    @Test func aQueryValueTheRouteTakesButTheScreenRefusesIsAnInvalidParam() throws {
        let route = RouteDefinition(name: "item", pattern: "/item", query: [try QueryParam("id", "int")])
        let navigator = try navigator(route, [Screen(name: "item", params: [try strictID()], parent: "home")])
        #expect(invalidParam(navigator, "app://item?id=5") == "id")
    }

    @Test func aDecodedStringThatIsNoSlugIsAnInvalidParam() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{name}")
        let navigator = try navigator(
            route,
            [Screen(name: "item", params: [try ScreenParam("name", "slug")], parent: "home")]
        )
        #expect(invalidParam(navigator, "app://item/a%20b") == "name")
    }

    @Test func aScreenAnInterceptorSendsToChecksItsOwnSpecs() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}")
        let screens = [
            Screen(name: "item", params: [try ScreenParam("id", "int")], parent: "home"),
            Screen(name: "strict", params: [try strictID()], parent: "home"),
        ]
        let detour = RequireInterceptor(when: .attribute("member", .equals(.bool(true))), else: .screen("strict"))
        let navigator = try navigator(route, screens, interceptors: ["detour": detour])
        #expect(invalidParam(navigator, "app://item/5") == "id")
    }

    /// `café` composed on the route and decomposed on the screen: equal as `String`s, not as the
    /// bytes the matcher and the screen's check compare, so the screen still checks its own.
    @Test func anEnumSpelledWithOtherBytesOnTheScreenChecksItsOwn() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let route = RouteDefinition(name: "item", pattern: "/item/{kind:enum(\(composed)|tea)}")
        let screen = Screen(
            name: "item",
            params: [
                ScreenParam(
                    name: "kind",
                    declaration: try ParamDeclaration(spec: try ParamSpec(type: .enum([decomposed, "tea"])))
                )
            ],
            parent: "home"
        )
        let navigator = try navigator(route, [screen])
        #expect(invalidParam(navigator, "app://item/caf%C3%A9") == "kind")
        #expect(invalidParam(navigator, "app://item/tea") == nil)
    }
}
