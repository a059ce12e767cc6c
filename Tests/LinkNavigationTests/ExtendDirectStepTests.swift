import LinkRouting
import Testing

@testable import LinkNavigation

/// `extend` settles a base without a search when the origins decide it (the direct step, or every
/// screen that may follow the base already on the stack), and searches otherwise.
@Suite struct ExtendDirectStepTests {
    private static func entry(_ number: Int, _ screen: String) -> StackEntry {
        StackEntry(id: "e\(number)", screen: screen, params: [:], presentation: number == 1 ? .root : .push)
    }

    private static func resolve(_ screens: [Screen], from stack: [String], to screen: String) throws -> [String] {
        let resolver = NavigationResolver(graph: try ScreenGraph(screens))
        let entries = stack.enumerated().map { Self.entry($0.offset + 1, $0.element) }
        let resolution = try resolver.resolve(
            Destination(screen: screen),
            strategy: .extend,
            stack: entries,
            nextEntryNumber: entries.count + 1
        )
        return resolution.stack.map(\.screen)
    }

    /// `a` may only be followed by `home`, which is on the stack: no path from `a`, so `b` goes on `home`.
    @Test func aBaseWhoseNextScreensAreAllOnTheStackIsPassed() throws {
        let screens = [
            Screen(name: "home"),
            Screen(name: "a", parent: "home", origins: ["home"]),
            Screen(name: "b", parent: "home", origins: ["home"]),
        ]
        #expect(try Self.resolve(screens, from: ["home", "a"], to: "b") == ["home", "b"])
    }

    /// `c` may follow `a` and is not on the stack: the search from `a` finds `a` > `c` > `b`.
    @Test func aBaseWithANextScreenOffTheStackIsSearched() throws {
        let screens = [
            Screen(name: "home"),
            Screen(name: "a", parent: "home", origins: ["home"]),
            Screen(name: "c", parent: "a", origins: ["a"]),
            Screen(name: "b", parent: "home", origins: ["home", "c"]),
        ]
        #expect(try Self.resolve(screens, from: ["home", "a"], to: "b") == ["home", "a", "c", "b"])
        #expect(try Self.resolve(screens, from: ["home", "a"], to: "c") == ["home", "a", "c"])
    }
}
