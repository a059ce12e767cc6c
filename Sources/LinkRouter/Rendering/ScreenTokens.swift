internal import LinkNavigation
internal import LinkRouting

/// The JSON every navigation answer repeats for one screen, rendered once per load: an entry's
/// `"screen":"NAME","params":`, the payload's `"NAME":` and each declared param's `"name":`.
final class ScreenTokens: @unchecked Sendable {
    // @unchecked: `paramNameWords` is written once, in `init`, and only read after.
    let screen: Screen
    /// `"screen":"NAME","params":`, the middle of a stack entry.
    let screenAndParams: HeldKey
    /// `"NAME":`, the screen's member of a mediation payload.
    let nameKey: HeldKey
    /// `"name":` of each declared param, in declaration order.
    let paramKeys: [HeldKey]
    /// The declared params' names, in declaration order.
    let paramNames: [String]
    /// Each of ``paramNames`` by its two words as stored: plain bits in memory of this object's
    /// own, read with no retain of an array. Kept alive with ``paramNames``.
    let paramNameWords: UnsafeBufferPointer<(UInt64, UInt64)>
    /// The keys the held ones above lend their text from: alive as long as this object, which the
    /// renderer holds while it writes them.
    private let keys: [JSONKey]

    init(_ screen: Screen) {
        self.screen = screen
        let screenAndParams = JSONKey(
            tokens: PreRenderedTokens { writer in
                writer.field(.screen, screen.name)
                writer.key(.params)
            }
        )
        let nameKey = JSONKey(screen.name)
        let paramKeys = screen.params.map { JSONKey($0.name) }
        self.screenAndParams = screenAndParams.held
        self.nameKey = nameKey.held
        self.paramKeys = paramKeys.map(\.held)
        paramNames = screen.params.map(\.name)
        let words = UnsafeMutableBufferPointer<(UInt64, UInt64)>.allocate(capacity: paramNames.count)
        _ = words.initialize(from: paramNames.map { unsafeBitCast($0, to: (UInt64, UInt64).self) })
        paramNameWords = UnsafeBufferPointer(words)
        keys = [screenAndParams, nameKey] + paramKeys
    }

    deinit { paramNameWords.deallocate() }
}

/// The screens of a loaded table with their ``ScreenTokens``, by name, and each route's
/// ``RouteTokens``: what the answers' renderer reads instead of the ``ScreenGraph`` and the routes.
struct NavigationRendering: Sendable {
    let graph: ScreenGraph
    /// By the screens' positions in the graph.
    private let screens: [ScreenTokens]
    /// `screens` again, unretained: reading one retains and releases nothing, and `screens` keeps
    /// them alive as long as this rendering.
    private let heldScreens: [Unmanaged<ScreenTokens>]
    /// `screens` by their names' bits, for an entry read where it lies.
    private let screenNames: ScreenNameIndex
    /// By ``Route/index``: a route's tokens, unretained.
    private let routeHeads: [RouteHead?]

    /// The routes the tokens were made for, and the tokens: kept alive with the rendering, so
    /// that no other route can take a recorded route's address.
    private let routes: [Route]
    private let routeTokens: [RouteTokens]

    /// Plain bits, read without a retain: the route (known by address) and its tokens.
    private struct RouteHead: Sendable {
        let route: ObjectIdentifier
        let tokens: Unmanaged<RouteTokens>
    }

    init(_ graph: ScreenGraph, routes: [Route] = []) {
        self.graph = graph
        screens = graph.ordered.map(ScreenTokens.init)
        heldScreens = screens.map(Unmanaged.passUnretained)
        screenNames = ScreenNameIndex(screens)
        var heads = [RouteHead?](repeating: nil, count: (routes.map(\.index).max() ?? -1) + 1)
        var made: [RouteTokens] = []
        for route in routes where route.index >= 0 {
            let tokens = RouteTokens(route)
            made.append(tokens)
            heads[route.index] = RouteHead(route: ObjectIdentifier(route), tokens: Unmanaged.passUnretained(tokens))
        }
        routeHeads = heads
        self.routes = routes
        routeTokens = made
    }

    /// The tokens of the screen called `name`, or `nil` for a name the table does not have: not
    /// retained, valid while this rendering is held (as it is while an answer is written).
    @inline(__always)
    func tokens(for name: String) -> Unmanaged<ScreenTokens>? {
        graph.position(of: name).map { heldScreens[$0] }
    }

    /// The tokens of `entry`'s screen, as ``tokens(for:)-(String)`` gives them: found from the
    /// entry's position hint when it holds.
    @inline(__always)
    func tokens(for entry: StackEntry) -> Unmanaged<ScreenTokens>? {
        graph.position(of: entry).map { heldScreens[$0] }
    }

    /// The tokens of the screen of the entry at `entry`, as ``tokens(for:)-(StackEntry)`` gives
    /// them: found by the bits of its screen's name, read where the entry lies, so that the entry
    /// is not copied (only one whose name is stored apart from the screen's is, to ask the graph).
    @inline(__always)
    func tokens(at entry: UnsafePointer<StackEntry>) -> Unmanaged<ScreenTokens>? {
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
            let offset = MemoryLayout<StackEntry>.offset(of: \StackEntry.screen)
        {
            // Only the name's two words and the position hint's bits are loaded, from the entry
            // the caller lends.
            let name = UnsafeRawPointer(entry).loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self)
            if let tokens = screenNames.tokens(named: name, hint: entry.pointee.positionHintBits) { return tokens }
        }
        return tokens(for: entry.pointee)
    }

    /// The tokens of `route`, or `nil` for a route of another table: not retained, valid while
    /// this rendering is held.
    @inline(__always)
    func tokens(of route: Route) -> Unmanaged<RouteTokens>? {
        guard route.index >= 0, route.index < routeHeads.count, let head = routeHeads[route.index],
            head.route == ObjectIdentifier(route)
        else { return nil }
        return head.tokens
    }
}
