import Testing

@testable import LinkNavigation

/// An entry keeps the position its screen had in the graph it was made with; a graph reads that
/// position only where its own screen there is the entry's, so an entry made before a reload
/// that moved, removed or renamed screens is still found by its screen's name.
@Suite struct PositionHintTests {
    static let names = ["home", "catalog", "product", "a-screen-name-longer-than-fifteen-bytes"]

    static func graph(_ names: [String]) throws -> ScreenGraph {
        try ScreenGraph(names.map { Screen(name: $0) })
    }

    /// Entries of each screen, made as the resolver makes them: from the graph's own screen.
    static func entries(of graph: ScreenGraph) -> [StackEntry] {
        graph.ordered.indices.map { position in
            StackEntry(
                number: position + 1,
                screen: graph.ordered[position].name,
                params: [:],
                presentation: .push,
                position: position
            )
        }
    }

    @Test func anEntryIsFoundAtTheHintOfItsGraph() throws {
        let graph = try Self.graph(Self.names)
        for (position, entry) in Self.entries(of: graph).enumerated() {
            #expect(graph.position(of: entry) == position)
        }
    }

    @Test func anEntryMadeUnderAnotherGraphIsFoundByItsName() throws {
        let before = try Self.graph(Self.names)
        let entries = Self.entries(of: before)
        // Reloaded: the same names, moved (every hint now points at another screen).
        let moved = try Self.graph(Array(Self.names.reversed()))
        for entry in entries {
            #expect(moved.position(of: entry) == moved.position(of: entry.screen))
            #expect(moved.position(of: entry) == Self.names.count - 1 - (entries.firstIndex(of: entry) ?? -1))
        }
        // Reloaded with fewer screens: a hint past the end, and a screen gone.
        let fewer = try Self.graph(["product"])
        #expect(fewer.position(of: entries[2]) == 0)
        #expect(fewer.position(of: entries[0]) == nil)
        #expect(fewer.position(of: entries[3]) == nil)
    }

    /// Whether an entry is of a screen, told by hints where they hold, is what the names say,
    /// under the graph the entries were made with and under one where every screen moved.
    @Test func anEntryIsOfItsScreenUnderEitherGraph() throws {
        let before = try Self.graph(Self.names)
        let entries =
            Self.entries(of: before) + [StackEntry(id: "e9", screen: "cart", params: [:], presentation: .push)]
        for graph in [before, try Self.graph(Array(Self.names.reversed()) + ["cart"])] {
            for (position, screen) in graph.ordered.enumerated() {
                for entry in entries {
                    #expect(graph.isScreen(of: entry, screen, at: position) == (entry.screen == screen.name))
                    #expect(graph.isScreen(of: entry, screen, at: nil) == (entry.screen == screen.name))
                }
            }
        }
    }

    @Test func aScreenRenamedInPlaceIsNotTakenForTheEntrys() throws {
        let before = try Self.graph(Self.names)
        let entries = Self.entries(of: before)
        let renamed = try Self.graph(["start", "catalog", "item", "another-screen-name-longer-than-fifteen"])
        #expect(renamed.position(of: entries[0]) == nil)
        #expect(renamed.position(of: entries[1]) == 1)
        #expect(renamed.position(of: entries[2]) == nil)
        #expect(renamed.position(of: entries[3]) == nil)
    }

    /// A hint over a screen spelled alike but stored apart (a long name, read from a request, say)
    /// still finds the screen.
    @Test func aScreenNameStoredApartIsFound() throws {
        let graph = try Self.graph(Self.names)
        let long = String("x\(Self.names[3])".dropFirst())
        let entry = StackEntry(number: 1, screen: long, params: [:], presentation: .push, position: 3)
        #expect(graph.position(of: entry) == 3)
        let unhinted = StackEntry(id: "e1", screen: long, params: [:], presentation: .push)
        #expect(graph.position(of: unhinted) == 3)
    }
}
