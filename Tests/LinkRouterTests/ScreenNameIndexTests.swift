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
            let found = index.row(named: ScreenNameIndex.words(of: screen.name))
            #expect(found?.tokens?.takeUnretainedValue().screen.name == screen.name, "\(screen.name)")
        }
        #expect(index.row(named: ScreenNameIndex.words(of: "none")) == nil)
        #expect(index.row(named: ScreenNameIndex.words(of: "screen-number-1-of-the-table")) == nil)
    }

    /// The screen at an entry's position hint is taken when its name is the entry's (the same
    /// bits); any other hint, or none, or one past the table, leaves the name to find it.
    @Test(arguments: [0, 1, 7, 39, 40, 0xFFFF, -1])
    func aHintIsCheckedByTheName(hint: Int) throws {
        let graph = try Self.graph()
        let screens = graph.ordered.map(ScreenTokens.init)
        let index = ScreenNameIndex(screens)
        defer { withExtendedLifetime(screens) {} }
        for screen in graph.ordered.prefix(8) {
            let found = index.row(named: ScreenNameIndex.words(of: screen.name), hint: hint)
            #expect(found?.tokens?.takeUnretainedValue().screen.name == screen.name, "\(screen.name) at \(hint)")
        }
        #expect(index.row(named: ScreenNameIndex.words(of: "none"), hint: hint) == nil)
        let apart = String(decoding: Array(graph.ordered[0].name.utf8), as: UTF8.self)
        #expect(index.row(named: ScreenNameIndex.words(of: apart), hint: hint) == nil)
    }

    /// Entries made with their screen's position, or a wrong one, or none, find their screen.
    @Test func entriesFindTheirScreenWhateverTheirHint() throws {
        let graph = try Self.graph()
        let rendering = NavigationRendering(graph)
        for (position, screen) in graph.ordered.enumerated() {
            for hint in [position, (position + 1) % graph.ordered.count, nil] {
                let entry = StackEntry(
                    number: 3,
                    screen: screen.name,
                    params: EntryParams(),
                    presentation: .push,
                    position: hint
                )
                let found = withUnsafePointer(to: entry) { rendering.row(at: $0)?.tokens?.takeUnretainedValue() }
                #expect(found?.screen.name == screen.name, "\(screen.name) hinted \(String(describing: hint))")
            }
        }
    }

    @Test func aNameStoredApartIsLeftToTheGraph() throws {
        let graph = try Self.graph()
        let screens = graph.ordered.map(ScreenTokens.init)
        let index = ScreenNameIndex(screens)
        defer { withExtendedLifetime(screens) {} }
        let name = graph.ordered[0].name
        let apart = String(decoding: Array(name.utf8), as: UTF8.self)
        #expect(apart == name && index.row(named: ScreenNameIndex.words(of: apart)) == nil)

        // The rendering still finds its screen, and writes the entry as the copy's.
        let rendering = NavigationRendering(graph)
        let entries = [name, apart, "none"].map {
            StackEntry(id: "e1", screen: $0, params: EntryParams(), presentation: .root)
        }
        let found = entries.map { entry in
            withUnsafePointer(to: entry) { rendering.row(at: $0)?.tokens?.takeUnretainedValue().screen.name }
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
