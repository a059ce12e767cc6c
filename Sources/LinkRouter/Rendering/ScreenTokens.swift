internal import LinkNavigation
internal import LinkRouting

/// The JSON every navigation answer repeats for one screen, rendered once per load: an entry's
/// `"screen":"NAME","params":`, the payload's `"NAME":` and each declared param's `"name":`.
final class ScreenTokens: Sendable {
    let screen: Screen
    /// `"screen":"NAME","params":`, the middle of a stack entry.
    let screenAndParams: JSONKey
    /// `"NAME":`, the screen's member of a mediation payload.
    let nameKey: JSONKey
    /// `"name":` of each declared param, in declaration order.
    let paramKeys: [JSONKey]
    /// The declared params' names, in declaration order.
    let paramNames: [String]

    init(_ screen: Screen) {
        self.screen = screen
        screenAndParams = JSONKey(
            tokens: PreRenderedTokens { writer in
                writer.field(.screen, screen.name)
                writer.key(.params)
            }
        )
        nameKey = JSONKey(screen.name)
        paramKeys = screen.params.map { JSONKey($0.name) }
        paramNames = screen.params.map(\.name)
    }
}

/// The screens of a loaded table with their ``ScreenTokens``, by name: what the answers' renderer
/// reads instead of the ``ScreenGraph``.
struct NavigationRendering: Sendable {
    let graph: ScreenGraph
    /// By the screens' positions in the graph.
    private let screens: [ScreenTokens]

    init(_ graph: ScreenGraph) {
        self.graph = graph
        screens = graph.ordered.map(ScreenTokens.init)
    }

    /// The tokens of the screen called `name`, or `nil` for a name the table does not have.
    @inline(__always)
    func tokens(for name: String) -> ScreenTokens? {
        graph.position(of: name).map { screens[$0] }
    }
}
