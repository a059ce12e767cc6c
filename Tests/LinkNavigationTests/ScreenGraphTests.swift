import LinkNavigation
import Testing

@Suite struct ScreenGraphTests {
    /// a: anywhere; b after a; c anywhere; d after a and b; e after b only.
    func graph() throws -> ScreenGraph {
        try ScreenGraph([
            Screen(name: "a"),
            Screen(name: "b", origins: ["a"]),
            Screen(name: "c"),
            Screen(name: "d", origins: ["a", "b"]),
            Screen(name: "e", origins: ["b"]),
        ])
    }

    func successors(_ graph: ScreenGraph, of name: String, explicitOnly: Bool) throws -> [String] {
        var names: [String] = []
        graph.forEachSuccessor(of: try #require(graph.position(of: name)), explicitOnly: explicitOnly) {
            names.append(graph.ordered[$0].name)
            return true
        }
        return names
    }

    @Test(arguments: [
        ("a", false, ["a", "b", "c", "d"]),
        ("a", true, ["b", "d"]),
        ("b", false, ["a", "c", "d", "e"]),
        ("b", true, ["d", "e"]),
        ("e", false, ["a", "c"]),
        ("e", true, []),
    ])
    func successorsInDeclarationOrder(_ name: String, _ explicitOnly: Bool, _ expected: [String]) throws {
        let graph = try graph()
        #expect(try successors(graph, of: name, explicitOnly: explicitOnly) == expected)
        // The index agrees with the screens' own rule.
        let byRule = graph.ordered.filter {
            explicitOnly ? ($0.origins?.contains(name) ?? false) : $0.allows(after: name)
        }
        #expect(byRule.map(\.name) == expected)
    }

    @Test func stopsWhenTheBodySaysSo() throws {
        let graph = try graph()
        var seen: [Int] = []
        graph.forEachSuccessor(of: 0, explicitOnly: false) {
            seen.append($0)
            return seen.count < 2
        }
        #expect(seen == [0, 1])
        #expect(graph.position(of: "nope") == nil)
    }

    @Test(arguments: [false, true])
    func allowsByIndexAgreesWithTheScreensRule(everyScreenHasOrigins: Bool) throws {
        // Without a screen placeable anywhere, `c` has no successor at all.
        let graph =
            everyScreenHasOrigins
            ? try ScreenGraph([
                Screen(name: "a", origins: ["b"]),
                Screen(name: "b", origins: ["a"]),
                Screen(name: "c", origins: ["a", "b"]),
            ]) : try graph()
        for (index, screen) in graph.ordered.enumerated() {
            for (below, other) in graph.ordered.enumerated() {
                #expect(
                    graph.allows(index, after: below) == screen.allows(after: other.name),
                    "\(screen.name) after \(other.name)"
                )
            }
        }
        for (index, _) in graph.ordered.enumerated() {
            var any = false
            graph.forEachSuccessor(of: index, explicitOnly: false) { _ in
                any = true
                return false
            }
            #expect(graph.hasSuccessors(of: index, explicitOnly: false) == any)
        }
    }

    @Test func emptyOriginsAllowNothingAndOneOriginOnlyItself() throws {
        let graph = try ScreenGraph([
            Screen(name: "a"),
            Screen(name: "b", origins: []),
            Screen(name: "c", origins: ["b"]),
        ])
        for below in 0..<3 {
            #expect(!graph.allows(1, after: below))
            #expect(graph.allows(2, after: below) == (below == 1))
            #expect(graph.allows(0, after: below))
        }
    }
}
