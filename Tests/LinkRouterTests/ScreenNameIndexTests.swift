import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// An entry's screen is found by the bits of its name where the entry lies: a copy of a screen's
/// name finds that screen's tokens, a name spelled alike but stored apart is left to the graph
/// (and written alike), and a name the table does not have finds none.
@Suite struct ScreenNameIndexTests {
    /// Long names (past the 15 bytes of a small string, so held in storage of their own) and short.
    static let names = (0..<40).map { $0 % 2 == 0 ? "screen-number-\($0)-of-the-table" : "s\($0)" }

    static func graph() throws -> ScreenGraph {
        try ScreenGraph(names.map { Screen(name: $0) })
    }

    @Test func aCopyOfEachNameFindsItsScreen() throws {
        let graph = try Self.graph()
        let screens = graph.ordered.map(ScreenTokens.init)  // alive for the test, as the index needs
        let index = ScreenNameIndex(screens)
        defer { withExtendedLifetime(screens) {} }
        for screen in graph.ordered {
            let found = index.tokens(named: ScreenNameIndex.words(of: screen.name))
            #expect(found?.takeUnretainedValue().screen.name == screen.name, "\(screen.name)")
        }
        #expect(index.tokens(named: ScreenNameIndex.words(of: "none")) == nil)
        #expect(index.tokens(named: ScreenNameIndex.words(of: "screen-number-1-of-the-table")) == nil)
    }

    @Test func aNameStoredApartIsLeftToTheGraph() throws {
        let graph = try Self.graph()
        let screens = graph.ordered.map(ScreenTokens.init)
        let index = ScreenNameIndex(screens)
        defer { withExtendedLifetime(screens) {} }
        let name = graph.ordered[0].name
        let apart = String(decoding: Array(name.utf8), as: UTF8.self)
        #expect(apart == name && index.tokens(named: ScreenNameIndex.words(of: apart)) == nil)

        // The rendering still finds its screen, and writes the entry as the copy's.
        let rendering = NavigationRendering(graph)
        let entries = [name, apart, "none"].map {
            StackEntry(id: "e1", screen: $0, params: EntryParams(), presentation: .root)
        }
        let found = entries.map { entry in
            withUnsafePointer(to: entry) { rendering.tokens(at: $0)?.takeUnretainedValue().screen.name }
        }
        #expect(found == [name, name, nil])
        let written = try entries.prefix(2).map { entry in
            var writer = JSONWriter()
            writer.entry(entry, rendering)
            return try #require(String(validating: writer.finish(), as: UTF8.self))
        }
        #expect(
            written[0] == written[1]
                && written[0] == #"{"id":"e1","screen":"\#(name)","params":{},"presentation":"root"}"#
        )
    }
}
