import LinkNavigation
import LinkRouting
import Testing

@Suite struct StackOperationTests {
    static let cases: [(stack: [String], operation: StackOperation, expect: [String], transition: [String])] = [
        (["home", "catalog", "product:1"], .back, ["home", "catalog"], ["pop 1"]),
        (["home", "catalog", "login"], .back, ["home", "catalog"], ["dismiss"]),  // an emptied modal layer closes
        (["home", "login", "forgot"], .back, ["home", "login"], ["pop 1"]),
        (["home", "catalog", "product:1"], .popToRoot, ["home"], ["pop 2"]),
        (["home", "catalog", "login", "forgot"], .popToRoot, ["home"], ["dismiss", "pop 1"]),
        (["home"], .popToRoot, ["home"], []),
        (["home", "catalog", "product:1", "reviews:1"], .popTo("catalog"), ["home", "catalog"], ["pop 2"]),
        (["home", "catalog", "product:1", "reviews:1"], .popBefore("product"), ["home", "catalog"], ["pop 2"]),
        (["home", "catalog", "login", "forgot"], .dismiss, ["home", "catalog"], ["dismiss"]),
        (["home", "catalog", "product:1"], .restart, ["home"], ["replace home"]),
        (
            ["home"], .trail([Destination(screen: "cart"), Destination(screen: "checkout")]), ["cart", "checkout"],
            ["replace cart,checkout"]
        ),
        (
            ["home"],
            .trail([
                Destination(screen: "product", params: ["id": .int(1)]),
                Destination(screen: "product", params: ["id": .int(2)]),
            ]),
            ["product:1", "product:2"], ["replace product,product"]
        ),
    ]

    @Test(arguments: cases.indices)
    func operationsChangeTheStackAsNamed(_ index: Int) throws {
        let c = Self.cases[index]
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: c.stack)
        let resolution = try resolver.perform(c.operation, stack: old, nextEntryNumber: old.count + 1)
        #expect(resolution.stack.names == c.expect)
        #expect(resolution.transition.map(\.summary) == c.transition)
        #expect(resolution.transition.applied(to: old) == resolution.stack)
    }

    static let refusals: [(stack: [String], operation: StackOperation)] = [
        (["home"], .back),
        (["home", "catalog"], .popTo("cart")),
        (["home", "catalog"], .popBefore("home")),
        (["home", "catalog"], .dismiss),
        ([], .restart),
        (["home"], .trail([])),
        // The same place twice is a cycle.
        (
            ["home"],
            .trail([
                Destination(screen: "product", params: ["id": .int(1)]), Destination(screen: "catalog"),
                Destination(screen: "product", params: ["id": .int(1)]),
            ])
        ),
        (["home"], .trail([Destination(screen: "home"), Destination(screen: "home")])),
        // A `unique` screen is on a stack at most once, whatever its params.
        (
            ["home"],
            .trail([
                Destination(screen: "member", params: ["id": .int(1)]),
                Destination(screen: "member", params: ["id": .int(2)]),
            ])
        ),
    ]

    @Test(arguments: refusals.indices)
    func operationsThatDoNotFitAreRefused(_ index: Int) throws {
        let c = Self.refusals[index]
        let resolver = NavigationResolver(graph: try shopGraph())
        #expect {
            try resolver.perform(c.operation, stack: try stack(from: c.stack), nextEntryNumber: 9)
        } throws: { error in
            if case .invalidNavigation = error as? NavigationError { return true }
            return false
        }
    }

    /// A stack deeper than the limit (the limit lowered by a reload since it grew) can still be
    /// shortened; only a trail that builds too deep a stack is refused.
    @Test func operationsThatOnlyRemoveEntriesIgnoreTheDepthLimit() throws {
        let resolver = NavigationResolver(graph: try shopGraph(), maxDepth: 2)
        let old = try stack(from: ["home", "catalog", "product:1", "reviews:1"])
        let removing: [(StackOperation, [String])] = [
            (.back, ["home", "catalog", "product:1"]),
            (.popTo("product"), ["home", "catalog", "product:1"]),
            (.popBefore("reviews"), ["home", "catalog", "product:1"]),
            (.popToRoot, ["home"]),
            (.restart, ["home"]),
        ]
        for (operation, expected) in removing {
            let resolution = try resolver.perform(operation, stack: old, nextEntryNumber: 5)
            #expect(resolution.stack.names == expected, "\(operation)")
        }
        let trail = StackOperation.trail([
            Destination(screen: "home"), Destination(screen: "catalog"), Destination(screen: "cart"),
        ])
        #expect(throws: NavigationError.stackTooDeep(limit: 2)) {
            try resolver.perform(trail, stack: old, nextEntryNumber: 5)
        }
    }

    @Test func restartKeepsTheRootParamsInAFreshEntry() throws {
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: ["home", "catalog"])
        let resolution = try resolver.perform(.restart, stack: old, nextEntryNumber: 3)
        #expect(resolution.stack.map(\.id) == ["e3"])
        #expect(resolution.nextEntryNumber == 4)
    }
}
