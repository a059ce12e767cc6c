import LinkNavigation
import LinkRouting
import PropertyBased
import Testing

/// Random sequences of navigations and stack operations keep the SPEC's invariants.
@Suite struct NavigationPropertyTests {
    static let screens = [
        "home", "catalog", "product", "reviews", "cart", "checkout", "receipt", "settings", "search",
        "login", "forgot", "update_required", "share",
    ]

    /// One step of a generated sequence.
    static func step(_ pick: Int, _ arg: Int, _ resolver: NavigationResolver, _ stack: [StackEntry], _ next: Int)
        throws -> Resolution?
    {
        let operations: [StackOperation] = [.back, .popToRoot, .popTo("catalog"), .popBefore("product"), .dismiss]
        if pick >= screens.count {
            return try? resolver.perform(
                operations[(pick - screens.count) % operations.count],
                stack: stack,
                nextEntryNumber: next
            )
        }
        let strategy: Strategy = arg % 7 == 0 ? .rebuild : .extend
        let destination = Destination(screen: screens[pick], params: ["id": .int(Int64(arg % 4)), "q": .string("x")])
        return try? resolver.resolve(destination, strategy: strategy, stack: stack, nextEntryNumber: next)
    }

    @Test func transitionsAreExactAndInvariantsHold() async throws {
        let graph = try shopGraph()
        let resolver = NavigationResolver(graph: graph, maxDepth: 8)
        let steps = Gen.int(in: 0...(Self.screens.count + 4)).array(of: 1...25)
        let args = Gen.int(in: 0...1000).array(of: 25)
        await propertyCheck(count: 300, input: steps, args) { picks, values in
            var stack: [StackEntry] = []
            var next = 1
            for (i, pick) in picks.enumerated() {
                guard let resolution = try? Self.step(pick, values[i], resolver, stack, next) else { continue }
                #expect(resolution.transition.applied(to: stack) == resolution.stack, "step \(i)")
                stack = resolution.stack
                next = resolution.nextEntryNumber
                #expect(stack.count <= 8)
                #expect(Set(stack.map(\.id)).count == stack.count, "entry ids are unique")
                #expect(stack.isEmpty || stack.first?.presentation == .root)
                var identities: Set<String> = []
                for entry in stack {
                    guard let screen = graph[entry.screen] else {
                        Issue.record("unknown screen \(entry.screen)")
                        continue
                    }
                    let identity =
                        entry.screen + "|"
                        + screen.identityParams.map { "\(entry.params[$0] ?? .null)" }
                        .joined(separator: ",")
                    #expect(identities.insert(identity).inserted, "\(stack.names) repeats \(identity)")
                    for param in screen.params {
                        let value = entry.params[param.name]
                        #expect(value != nil, "\(entry.screen).\(param.name) is present")
                        if param.declaration.isRequired, let value {
                            #expect(throws: Never.self) {
                                try param.declaration.spec.validate(value)
                            }
                        }
                    }
                }
            }
        }
    }
}
