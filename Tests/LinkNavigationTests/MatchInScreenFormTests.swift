import LinkRouting
import Testing

@testable import LinkNavigation

/// A route's match whose captures are the screen's params, in order and with equal specs, is the
/// entry's params as it stands. These navigations are those where it is not, and the resolver must
/// still make the screen's params: a param left out, a `null`, another order, another form.
@Suite struct MatchInScreenFormTests {
    func navigator(_ route: RouteDefinition, _ screen: Screen) throws -> Navigator {
        Navigator(
            try NavigationConfig(
                table: try RouteTable([route], schemes: ["app"]),
                bindings: [RouteBinding(target: .screen("item", strategy: nil), interceptors: [])],
                resolver: NavigationResolver(graph: try ScreenGraph([Screen(name: "home"), screen]))
            )
        )
    }

    /// Not empty: a cold start rebuilds the stack, which makes the params apart.
    func session() -> Session {
        Session(
            id: "s",
            stack: [StackEntry(id: "e1", screen: "home", params: [:], presentation: .root)],
            nextEntryNumber: 2
        )
    }

    func params(_ route: RouteDefinition, _ screen: Screen, _ url: String) throws -> EntryParams? {
        try navigator(route, screen).navigate(.init(url: url), session: session()).session.stack.last?.params
    }

    @Test func theScreensOwnParamsInOrderAreKept() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}/{tab}")
        let screen = Screen(
            name: "item",
            params: [try ScreenParam("id", "int"), try ScreenParam("tab", "string")],
            parent: "home"
        )
        let params = try #require(try params(route, screen, "app://item/12/a%20b"))
        #expect(params == ["id": .int(12), "tab": .string("a b")])
        #expect(params.name(at: 0) == "id")
    }

    @Test func anOptionalGroupLeftOutGivesTheScreensNull() throws {
        let route = RouteDefinition(name: "item", pattern: "/item[/{id:int}]")
        let screen = Screen(name: "item", params: [try ScreenParam("id", "int?")], parent: "home")
        #expect(try params(route, screen, "app://item") == ["id": .null])
        #expect(try params(route, screen, "app://item/7") == ["id": .int(7)])
    }

    @Test func anOptionalGroupLeftOutGivesTheScreensDefault() throws {
        let route = RouteDefinition(name: "item", pattern: "/item[/{tab}]")
        let screen = Screen(name: "item", params: [try ScreenParam("tab", "string=info")], parent: "home")
        #expect(try params(route, screen, "app://item") == ["tab": .string("info")])
    }

    @Test func placeholdersInAnotherOrderAreMadeInTheScreensOrder() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{a}/{b}")
        let screen = Screen(
            name: "item",
            params: [try ScreenParam("b", "string"), try ScreenParam("a", "string")],
            parent: "home"
        )
        let params = try #require(try params(route, screen, "app://item/x/y"))
        #expect(params == ["a": .string("x"), "b": .string("y")])
        #expect(params.name(at: 0) == "b")
        #expect(params.name(at: 1) == "a")
    }

    @Test func aParamTheRouteDoesNotCaptureGetsItsDefault() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}")
        let screen = Screen(
            name: "item",
            params: [try ScreenParam("id", "int"), try ScreenParam("ref", "string=direct")],
            parent: "home"
        )
        #expect(try params(route, screen, "app://item/3") == ["id": .int(3), "ref": .string("direct")])
    }

    @Test func aCaptureTheScreenDoesNotDeclareIsNotPassedOn() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}/{extra}")
        let screen = Screen(name: "item", params: [try ScreenParam("id", "int")], parent: "home")
        #expect(try params(route, screen, "app://item/3/x") == ["id": .int(3)])
    }

    @Test func anAbsentQueryParamIsTheScreensNull() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}", query: [try QueryParam("q", "string?")])
        let screen = Screen(
            name: "item",
            params: [try ScreenParam("id", "int"), try ScreenParam("q", "string?")],
            parent: "home"
        )
        #expect(try params(route, screen, "app://item/3") == ["id": .int(3), "q": .null])
        #expect(try params(route, screen, "app://item/3?q=a") == ["id": .int(3), "q": .string("a")])
    }

    @Test func anAbsentRequiredQueryParamIsMissing() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}", query: [try QueryParam("q", "string?")])
        let screen = Screen(
            name: "item",
            params: [try ScreenParam("id", "int"), try ScreenParam("q", "string")],
            parent: "home"
        )
        #expect(throws: NavigationFailure.self) { try params(route, screen, "app://item/3") }
    }

    @Test func aUUIDCaptureIsTheScreensLowercasedString() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:uuid}")
        let screen = Screen(name: "item", params: [try ScreenParam("id", "uuid")], parent: "home")
        #expect(
            try params(route, screen, "app://item/0E9B7D3C-1A2B-4C5D-8E9F-0A1B2C3D4E5F")
                == ["id": .string("0e9b7d3c-1a2b-4c5d-8e9f-0a1b2c3d4e5f")]
        )
    }
}

/// Which routes' matches the configuration takes for their screen's own params.
@Suite struct MatchGivesScreenFormTests {
    func inForm(_ pattern: String, query: [QueryParam] = [], _ params: [ScreenParam]) throws -> Bool {
        let table = try RouteTable([RouteDefinition(name: "item", pattern: pattern, query: query)], schemes: ["app"])
        let route = try #require(table.routes.first)
        return NavigationConfig.matchGivesScreenForm(of: Screen(name: "item", params: params), for: route)
    }

    @Test func capturesThatAreTheScreensParamsInOrder() throws {
        #expect(try inForm("/item/{id:int}/{tab}", [ScreenParam("id", "int"), ScreenParam("tab", "string")]))
        #expect(try inForm("/item", []))
    }

    @Test func notInAnotherOrder() throws {
        #expect(try !inForm("/item/{id:int}/{tab}", [ScreenParam("tab", "string"), ScreenParam("id", "int")]))
    }

    @Test func notWithAParamMoreOrLess() throws {
        #expect(try !inForm("/item/{id:int}/{tab}", [ScreenParam("id", "int")]))
        #expect(try !inForm("/item/{id:int}", [ScreenParam("id", "int"), ScreenParam("tab", "string=a")]))
    }

    @Test func notWithAnotherSpec() throws {
        #expect(try !inForm("/item/{id:int}", [ScreenParam("id", "uint")]))
        #expect(try !inForm("/item/{id}", [ScreenParam("id", "slug")]))
    }

    @Test func notWithQueryParams() throws {
        #expect(try !inForm("/item/{id:int}", query: [QueryParam("q", "string?")], [ScreenParam("id", "int")]))
        #expect(
            try !inForm(
                "/item/{id:int}",
                query: [QueryParam("q", "string?")],
                [ScreenParam("id", "int"), ScreenParam("q", "string?")]
            )
        )
    }

    @Test func notForAUUID() throws {
        #expect(try !inForm("/item/{id:uuid}", [ScreenParam("id", "uuid")]))
    }

    @Test func notForARepeatedParam() throws {
        #expect(try !inForm("/item/{id:int}", [ScreenParam("id", "[int]")]))
    }
}

/// The resolver takes a match's params as they stand when the config says they are in the screen's
/// form; debug builds check that they are, and stop when a match is not.
@Suite struct MatchInScreenFormContractTests {
    func resolver(_ screen: Screen) throws -> NavigationResolver {
        NavigationResolver(graph: try ScreenGraph([Screen(name: "home"), screen]))
    }

    #if DEBUG
    @Test func paramsTakenAsInFormThatAreNotStop() async {
        await #expect(processExitsWith: .failure) {
            let screen = Screen(name: "item", params: [try ScreenParam("id", "int")], parent: "home")
            let resolver = NavigationResolver(graph: try ScreenGraph([Screen(name: "home"), screen]))
            _ = try resolver.entryParams(screen, ["id": .string("42")], checked: true, inForm: true)
        }
    }
    #endif

    @Test func paramsInFormAreTakenAsTheyStand() throws {
        let screen = Screen(name: "item", params: [try ScreenParam("id", "int")], parent: "home")
        let params = try resolver(screen).entryParams(screen, ["id": .int(42)], checked: true, inForm: true)
        #expect(params == ["id": .int(42)])
    }
}
