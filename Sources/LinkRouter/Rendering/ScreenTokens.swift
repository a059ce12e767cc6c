internal import LinkNavigation
internal import LinkRouting

/// The JSON every navigation answer repeats for one screen, rendered once per load: an entry's
/// `"screen":"NAME","params":`, the payload's `"NAME":` and each declared param's `"name":`, in
/// the screen's ``ScreenRow``, which answers read.
final class ScreenTokens: @unchecked Sendable {
    // @unchecked: the row is written once, in `init`, and only read after.
    let screen: Screen
    /// The declared params' names, in declaration order.
    let paramNames: [String]
    /// The texts and the names' words, owned by this object: alive as long as it is.
    let row: ScreenRow

    init(_ screen: Screen) {
        self.screen = screen
        paramNames = screen.params.map(\.name)
        row = ScreenRow.make(name: screen.name, paramNames: paramNames)
        row.setTokens(self)
    }

    deinit { row.deallocate() }

    /// `"screen":"NAME","params":`, the middle of a stack entry.
    var screenAndParams: HeldKey { row.screenAndParams }
    /// `"NAME":`, the screen's member of a mediation payload.
    var nameKey: HeldKey { row.nameKey }
}

/// The screens of a loaded table with their ``ScreenTokens``, by name, and each route's
/// ``RouteTokens``: what the answers' renderer reads instead of the ``ScreenGraph`` and the routes.
struct NavigationRendering: Sendable {
    let graph: ScreenGraph
    /// By the screens' positions in the graph.
    private let screens: [ScreenTokens]
    /// The rows of `screens`: reading one retains and releases nothing, and `screens` keeps them
    /// alive as long as this rendering.
    private let rows: [ScreenRow]
    /// `screens` by their names' bits, for an entry read where it lies.
    private let screenNames: ScreenNameIndex
    /// By ``Route/index``: a route's row.
    private let routeRows: [RouteRow?]

    /// The routes the tokens were made for, and the tokens, which own the rows: kept alive with
    /// the rendering, so that no other table's routes can take the routes' storage, by which a
    /// match's table is told (``row(of:)``).
    private let routes: [Route]
    private let routeTokens: [RouteTokens]

    init(_ graph: ScreenGraph, routes: [Route] = []) {
        self.graph = graph
        screens = graph.ordered.map(ScreenTokens.init)
        rows = screens.map(\.row)
        screenNames = ScreenNameIndex(screens)
        var rows = [RouteRow?](repeating: nil, count: (routes.map(\.index).max() ?? -1) + 1)
        var made: [RouteTokens] = []
        for route in routes where route.index >= 0 {
            let tokens = RouteTokens(route)
            made.append(tokens)
            rows[route.index] = tokens.row
        }
        routeRows = rows
        self.routes = routes
        routeTokens = made
    }

    /// The row of the screen called `name`, or `nil` for a name the table does not have: valid
    /// while this rendering is held (as it is while an answer is written).
    @inline(__always)
    func row(for name: String) -> ScreenRow? {
        graph.position(of: name).map { rows[$0] }
    }

    /// The row of `entry`'s screen, as ``row(for:)-(String)`` gives it: found from the entry's
    /// position hint when it holds.
    @inline(__always)
    func row(for entry: StackEntry) -> ScreenRow? {
        graph.position(of: entry).map { rows[$0] }
    }

    /// The row of the screen of the entry at `entry`, as ``row(for:)-(StackEntry)`` gives it:
    /// found by the bits of its screen's name, read where the entry lies, so that the entry is not
    /// copied (only one whose name is stored apart from the screen's is, to ask the graph).
    @inline(__always)
    func row(at entry: UnsafePointer<StackEntry>) -> ScreenRow? {
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
            let offset = MemoryLayout<StackEntry>.offset(of: \StackEntry.screen)
        {
            // Only the name's two words and the position hint's bits are loaded, from the entry
            // the caller lends.
            let name = UnsafeRawPointer(entry).loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self)
            if let row = screenNames.row(named: name, hint: entry.pointee.positionHintBits) { return row }
        }
        return row(for: entry.pointee)
    }

    /// The row of the route `match` found, or `nil` for a match of another table: valid while this
    /// rendering is held. Found by the route's index in the match once the match's table is known
    /// to be the one whose routes made the rows: neither the route nor the routes are read.
    @inline(__always)
    func row(of match: borrowing RouteMatch) -> RouteRow? {
        guard match.isMatch(of: routes) else { return nil }
        let index = match.routeIndex
        guard index >= 0, index < routeRows.count else { return nil }
        return routeRows[index]
    }
}

extension RouteMatch {
    /// The row of the route found, or `nil` for a match of another table: valid while `rendering`
    /// is held (see ``NavigationRendering/row(of:)``). A method of the match, so that a caller
    /// reads it through an optional match without copying it.
    @inline(__always)
    func row(in rendering: NavigationRendering) -> RouteRow? { rendering.row(of: self) }
}
