import Testing

@testable import LinkNavigation

/// A screen lent from where its graph keeps it is the very screen, and lending takes nothing from
/// it: a screen lent many times (and copied while lent) is still whole afterwards.
@Suite struct ScreenLendingTests {
    func graph() throws -> ScreenGraph {
        try ScreenGraph([
            Screen(name: "home"),
            Screen(name: "product", params: [], parent: "home", launch: .singleTop),
            Screen(name: "login", presentation: .modal, launch: .unique),
        ])
    }

    @Test func aLentScreenIsTheGraphsScreen() throws {
        let graph = try graph()
        graph.ordered.withUnsafeBufferPointer { screens in
            guard let first = screens.baseAddress else { return }
            for position in screens.indices {
                let lent = Screen.withLent(first + position) { $0 }
                #expect(lent == graph.ordered[position])
                #expect(lent.name == graph.ordered[position].name)
                #expect(lent.launch == graph.ordered[position].launch)
                #expect(lent.presentation == graph.ordered[position].presentation)
            }
        }
    }

    @Test func lendingManyTimesLeavesTheScreenWhole() throws {
        var graph: ScreenGraph? = try graph()
        var kept: [Screen] = []
        graph?.ordered.withUnsafeBufferPointer { screens in
            guard let first = screens.baseAddress else { return }
            for round in 0..<1000 {
                Screen.withLent(first + round % screens.count) { screen in
                    if round < 3 { kept.append(screen) }
                    _ = screen.name.count
                }
            }
        }
        // The graph gone, the copies taken while lent hold their screens on their own.
        graph = nil
        #expect(kept.map(\.name) == ["home", "product", "login"])
        #expect(kept.map(\.launch) == [.standard, .singleTop, .unique])
    }
}
