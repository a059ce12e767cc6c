import LinkNavigation
import LinkRouting
import Testing

@Suite struct ResolverTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let stack: [String]
        let screen: String
        var params: [String: ParamValue] = [:]
        var strategy: Strategy = .extend
        var via: [String] = []
        let expect: [String]
        let transition: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a cold link synthesises the parent chain",
            stack: [],
            screen: "product",
            params: ["id": .int(42), "ref": .string("mail")],
            expect: ["home", "catalog", "product:42"],
            transition: ["push home", "push catalog", "push product"]
        ),
        Case(
            name: "extend pops back to the same identity instead of a cycle",
            stack: ["home", "catalog", "product:1", "reviews:1"],
            screen: "product",
            params: ["id": .int(1)],
            expect: ["home", "catalog", "product:1"],
            transition: ["pop 1"]
        ),
        Case(
            name: "a screen reachable from anywhere is pushed on the top",
            stack: ["home", "cart"],
            screen: "product",
            params: ["id": .int(5)],
            expect: ["home", "cart", "product:5"],
            transition: ["push product"]
        ),
        Case(
            name: "BFS over origins pushes the intermediate screens with the params they declare",
            stack: ["home"],
            screen: "reviews",
            params: ["id": .int(7)],
            expect: ["home", "product:7", "reviews:7"],
            transition: ["push product", "push reviews"]
        ),
        Case(
            name: "with no path from the top, the nearest lower entry with one is used",
            stack: ["home", "cart", "product:3"],
            screen: "checkout",
            expect: ["home", "cart", "checkout"],
            transition: ["pop 1", "push checkout"]
        ),
        Case(
            name: "a path may run through screens reachable from anywhere",
            stack: ["home", "settings"],
            screen: "receipt",
            expect: ["home", "settings", "cart", "checkout", "receipt"],
            transition: ["push cart", "push checkout", "push receipt"]
        ),
        Case(
            name: "with no path at all (product would need an id), the stack is rebuilt",
            stack: ["home", "cart"],
            screen: "share",
            expect: ["home", "share"],
            transition: ["replace home,share"]
        ),
        Case(
            name: "rebuild replaces the stack with the parent chain",
            stack: ["home", "cart"],
            screen: "product",
            params: ["id": .int(3)],
            strategy: .rebuild,
            expect: ["home", "catalog", "product:3"],
            transition: ["replace home,catalog,product"]
        ),
        Case(
            name: "push puts the destination alone on top",
            stack: ["home", "cart"],
            screen: "checkout",
            strategy: .push,
            expect: ["home", "cart", "checkout"],
            transition: ["push checkout"]
        ),
        Case(
            name: "single_top replaces the top entry's params",
            stack: ["home", "catalog", "product:1"],
            screen: "product",
            params: ["id": .int(2)],
            expect: ["home", "catalog", "product:2"],
            transition: ["update product"]
        ),
        Case(
            name: "unique pops back to the one entry of its screen",
            stack: ["home", "settings", "catalog"],
            screen: "settings",
            expect: ["home", "settings"],
            transition: ["pop 1"]
        ),
        Case(
            name: "via makes the path pass through the breadcrumbs in order",
            stack: ["home"],
            screen: "product",
            params: ["id": .int(4)],
            via: ["cart"],
            expect: ["home", "cart", "product:4"],
            transition: ["push cart", "push product"]
        ),
        Case(
            name: "a modal destination opens a layer",
            stack: ["home", "catalog"],
            screen: "login",
            expect: ["home", "catalog", "login"],
            transition: ["present login"]
        ),
        Case(
            name: "a screen whose origins name the modal layer is placed inside it",
            stack: ["home", "login"],
            screen: "forgot",
            expect: ["home", "login", "forgot"],
            transition: ["push forgot"]
        ),
        Case(
            name: "a destination outside the top modal layer dismisses it",
            stack: ["home", "login", "forgot"],
            screen: "catalog",
            expect: ["home", "catalog"],
            transition: ["dismiss", "push catalog"]
        ),
        Case(
            name: "single_top refreshes its entry once the layers above it are dismissed",
            stack: ["home", "catalog", "product:1", "login"],
            screen: "product",
            params: ["id": .int(2)],
            expect: ["home", "catalog", "product:2"],
            transition: ["dismiss", "update product"]
        ),
        Case(
            name: "a child of the layer's modal screen, without origins, is pushed inside the layer",
            stack: ["home", "account"],
            screen: "profile_edit",
            expect: ["home", "account", "profile_edit"],
            transition: ["push profile_edit"]
        ),
        Case(
            name: "a descendant of the layer's modal screen is pushed on the top of the layer",
            stack: ["home", "account", "profile_edit"],
            screen: "avatar",
            expect: ["home", "account", "profile_edit", "avatar"],
            transition: ["push avatar"]
        ),
        Case(
            name: "a screen reachable from anywhere but not of the layer dismisses it",
            stack: ["home", "account", "profile_edit"],
            screen: "product",
            params: ["id": .int(5)],
            expect: ["home", "product:5"],
            transition: ["dismiss", "push product"]
        ),
        Case(
            name: "a modal destination reachable from anywhere opens a layer over an open one",
            stack: ["home", "login", "forgot"],
            screen: "update_required",
            expect: ["home", "login", "forgot", "update_required"],
            transition: ["present update_required"]
        ),
        Case(
            name: "a root-presented screen replaces the stack",
            stack: ["home", "catalog"],
            screen: "onboarding",
            expect: ["onboarding"],
            transition: ["replace onboarding"]
        ),
        Case(
            name: "navigating to where the session already is changes nothing",
            stack: ["home", "catalog", "product:1"],
            screen: "product",
            params: ["id": .int(1)],
            expect: ["home", "catalog", "product:1"],
            transition: []
        ),
        Case(
            name: "push on an empty session builds the cold stack, as extend does",
            stack: [],
            screen: "cart",
            strategy: .push,
            expect: ["home", "cart"],
            transition: ["push home", "push cart"]
        ),
    ]

    @Test(arguments: cases)
    func resolvesAsSPECSays(_ c: Case) throws {
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: c.stack)
        let resolution = try resolver.resolve(
            Destination(screen: c.screen, params: EntryParams(c.params), via: c.via),
            strategy: c.strategy,
            stack: old,
            nextEntryNumber: old.count + 1
        )
        #expect(resolution.stack.names == c.expect)
        #expect(resolution.transition.map(\.summary) == c.transition)
        #expect(resolution.transition.applied(to: old) == resolution.stack)
        #expect(resolution.stack.first?.presentation == .root)
    }

    @Test func synthesisedEntriesGetDeclaredParamsAndDefaults() throws {
        let resolver = NavigationResolver(graph: try shopGraph())
        let resolution = try resolver.resolve(
            Destination(screen: "reviews", params: ["id": .string("9"), "utm": .string("x")]),
            stack: [],
            nextEntryNumber: 1
        )
        #expect(resolution.stack.map(\.id) == ["e1", "e2", "e3", "e4"])
        #expect(resolution.stack[2].params == ["id": .int(9), "ref": .string("direct")])
        #expect(resolution.stack[3].params == ["id": .int(9), "page": .int(1)])
        #expect(resolution.nextEntryNumber == 5)
        #expect(resolution.mediation.payload.map(\.screen) == ["home", "catalog", "product", "reviews"])
        #expect(resolution.mediation.source == nil)
        #expect(resolution.mediation.destination?.screen == "reviews")
    }

    static let errors:
        [(
            stack: [String], screen: String, params: [String: ParamValue], strategy: Strategy, maxDepth: Int,
            error: NavigationError
        )] = [
            ([], "product", [:], .extend, 64, .missingParam(screen: "product", param: "id")),
            (
                [], "product", ["id": .string("abc")], .extend, 64,
                .invalidParam(screen: "product", param: "id", reason: "\"abc\" is not a valid int")
            ),
            (["home"], "checkout", [:], .push, 64, .invalidNavigation("checkout cannot be pushed on home (origins)")),
            (["home", "catalog", "product:1"], "reviews", ["id": .int(1)], .extend, 3, .stackTooDeep(limit: 3)),
            (["home"], "nowhere", [:], .extend, 64, .unknownScreen("nowhere")),
        ]

    @Test(arguments: errors.indices)
    func refusesWhatItCannotDo(_ index: Int) throws {
        let c = Self.errors[index]
        let resolver = NavigationResolver(graph: try shopGraph(), maxDepth: c.maxDepth)
        let old = try stack(from: c.stack)
        #expect(throws: c.error) {
            try resolver.resolve(
                Destination(screen: c.screen, params: EntryParams(c.params)),
                strategy: c.strategy,
                stack: old,
                nextEntryNumber: 1
            )
        }
    }
}

/// Breadcrumbs and `push` never make cycles or break launch modes (review findings).
@Suite struct NoCycleTests {
    static let cases:
        [(stack: [String], screen: String, id: Int64?, strategy: Strategy, via: [String], expect: [String])] = [
            (["home", "catalog"], "product", 42, .extend, ["catalog"], ["home", "catalog", "product:42"]),
            (["home", "cart"], "catalog", nil, .extend, ["home"], ["home", "cart", "catalog"]),
            (
                ["home", "catalog", "product:42"], "product", 42, .extend, ["catalog"],
                ["home", "catalog", "product:42"]
            ),
            (["home", "settings"], "settings", nil, .extend, ["catalog"], ["home", "settings"]),
            (["home", "settings", "catalog"], "settings", nil, .push, [], ["home", "settings"]),
            (["home", "catalog", "product:42"], "product", 43, .push, [], ["home", "catalog", "product:43"]),
            (["home", "catalog"], "onboarding", nil, .push, [], ["onboarding"]),
            ([], "product", 1, .rebuild, ["home", "cart"], ["home", "cart", "product:1"]),
        ]

    /// Breadcrumbs that can only be reached through the destination itself (reviews needs the
    /// product it belongs to; the destination as its own breadcrumb) have no path without a
    /// cycle: refused, from any stack and with any strategy that follows `via`.
    static let impossible: [(stack: [String], via: [String], strategy: Strategy)] = [
        (["home"], ["reviews"], .extend),
        ([], ["reviews"], .extend),
        (["home", "cart"], ["catalog", "reviews"], .extend),
        (["home"], ["reviews"], .rebuild),
        (["home"], ["product"], .extend),
    ]

    @Test(arguments: impossible.indices)
    func breadcrumbsThatNeedTheDestinationAreRefused(_ index: Int) throws {
        let c = Self.impossible[index]
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: c.stack)
        let error = #expect(throws: NavigationError.self) {
            let resolution = try resolver.resolve(
                Destination(screen: "product", params: ["id": .int(42)], via: c.via),
                strategy: c.strategy,
                stack: old,
                nextEntryNumber: 10
            )
            Issue.record("resolved to \(resolution.stack.names)")
        }
        guard case .invalidNavigation? = error else {
            Issue.record("expected invalid_navigation, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: cases.indices)
    func noIdentityTwiceAndLaunchModesHold(_ index: Int) throws {
        let c = Self.cases[index]
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: c.stack)
        let resolution = try resolver.resolve(
            Destination(screen: c.screen, params: c.id.map { ["id": .int($0)] } ?? [:], via: c.via),
            strategy: c.strategy,
            stack: old,
            nextEntryNumber: 10
        )
        #expect(resolution.stack.names == c.expect)
        #expect(resolution.transition.applied(to: old) == resolution.stack)
    }
}
