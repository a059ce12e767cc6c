import LinkRouting

/// Resolves navigations against a stack: a pure function of the stack, the destination and the
/// strategy. It never stores anything; the caller applies the ``Resolution`` to its session.
public struct NavigationResolver: Sendable {
    public let graph: ScreenGraph
    /// The deepest stack allowed (SPEC default 64).
    public let maxDepth: Int

    public init(graph: ScreenGraph, maxDepth: Int = 64) {
        self.graph = graph
        self.maxDepth = maxDepth
    }

    /// Resolves a navigation to `destination`.
    /// - Parameters:
    ///   - stack: the session's stack now.
    ///   - nextEntryNumber: the session's entry counter (entry ids are `e<number>`).
    /// - Throws: ``NavigationError``; nothing changes when it throws.
    public func resolve(
        _ destination: Destination,
        strategy: Strategy = .extend,
        stack: [StackEntry],
        nextEntryNumber: Int
    ) throws(NavigationError) -> Resolution {
        try resolve(destination, strategy: strategy, stack: stack, nextEntryNumber: nextEntryNumber, known: nil)
    }

    /// ``resolve(_:strategy:stack:nextEntryNumber:)`` to the screen of a route, `known` from the
    /// configuration made with this resolver's graph: the destination is that screen, found there
    /// (`position` is what ``ScreenGraph/position(of:)`` gives for its name), and with
    /// `paramsChecked` each param named like one of the screen's has passed a spec equal to that
    /// param's, as the route's match checks them.
    func resolve(
        _ destination: Destination,
        strategy: Strategy,
        stack: [StackEntry],
        nextEntryNumber: Int,
        known: NavigationConfig.RouteScreen?
    ) throws(NavigationError) -> Resolution {
        var ids = EntryIDs(next: nextEntryNumber)
        let placement = try place(destination, strategy: strategy, stack: stack, &ids, known: known)
        return Resolution(old: stack, new: placement.stack(over: stack), nextEntryNumber: ids.next)
    }

    /// ``resolve(_:strategy:stack:nextEntryNumber:known:)`` applied to `stack`, changed in place
    /// when the destination goes on top of entries it keeps (the usual `extend`): a stack whose
    /// buffer the caller alone holds is then neither copied nor allocated again.
    /// - Throws: ``NavigationError``; `stack` is untouched when it throws.
    func resolve(
        _ destination: Destination,
        strategy: Strategy,
        stack: inout [StackEntry],
        nextEntryNumber: Int,
        known: NavigationConfig.RouteScreen?
    ) throws(NavigationError) -> Resolution {
        var ids = EntryIDs(next: nextEntryNumber)
        let new: [StackEntry]
        switch try place(destination, strategy: strategy, stack: stack, &ids, known: known) {
        case .stack(let placed):
            new = placed
        case .above(let base, let path, let last):
            // In place only when `TransitionOp.between` would keep the entries up to `base`: the
            // first entry added does not take the id of the one above them.
            if base + 1 == stack.count || !stack[base + 1].hasSameID(as: path.isEmpty ? last : path[0]) {
                return Resolution(keeping: base + 1, of: &stack, adding: path, last, nextEntryNumber: ids.next)
            }
            new = Placement.stack(over: stack, base: base, path: path, last: last)
        case .onTop(let base, let last):
            // In place on the same condition as `above`.
            if base + 1 == stack.count || !stack[base + 1].hasSameID(as: last) {
                return Resolution(keeping: base + 1, of: &stack, adding: [], last, nextEntryNumber: ids.next)
            }
            new = Placement.stack(over: stack, base: base, path: [], last: last)
        }
        let resolution = Resolution(old: stack, new: new, nextEntryNumber: ids.next)
        stack = new
        return resolution
    }

    /// Where the destination goes on `stack`, within the depth limit; `ids` issues the new entries' ids.
    /// Inlined into both `resolve`s: the placement is then made where it is used, not returned
    /// through memory and copied.
    @inline(__always)
    private func place(
        _ destination: Destination,
        strategy: Strategy,
        stack: [StackEntry],
        _ ids: inout EntryIDs,
        known: NavigationConfig.RouteScreen?
    ) throws(NavigationError) -> Placement {
        let found = known.map(\.position) ?? graph.position(of: destination.screen)
        guard let position = found, position >= 0 else { throw .unknownScreen(destination.screen) }
        for name in destination.via where graph[name] == nil { throw .unknownScreen(name) }
        // The screen lent from where the graph keeps it: `ordered[position]` would be a copy, whose
        // fields (shared by every thread) are retained and released again.
        return try graph.ordered.withUnsafeBufferPointer { (screens) throws(NavigationError) -> Placement in
            precondition(position < screens.count, "a screen's position is within its graph")
            guard let first = screens.baseAddress else { preconditionFailure("a graph with a screen has storage") }
            // Lifetime: `screens` is the graph's array, which `self` holds and never changes.
            return try Screen.withLent(first + position) { (screen) -> Result<Placement, NavigationError> in
                Result { () throws(NavigationError) -> Placement in
                    try place(screen, at: position, destination, strategy: strategy, stack: stack, &ids, known)
                }
            }.get()
        }
    }

    /// ``place(_:strategy:stack:_:known:)`` once the destination's screen, at `position`, is found.
    @inline(__always)
    private func place(
        _ screen: Screen,
        at position: Int,
        _ destination: Destination,
        strategy: Strategy,
        stack: [StackEntry],
        _ ids: inout EntryIDs,
        _ known: NavigationConfig.RouteScreen?
    ) throws(NavigationError) -> Placement {
        let params = try entryParams(
            screen,
            destination.params,
            checked: known?.paramsChecked ?? false,
            inForm: known?.paramsInForm ?? false
        )
        let placement: Placement
        switch strategy {
        case .rebuild:
            placement = .stack(try rebuild(screen, destination, &ids))
        case .push where !stack.isEmpty:
            placement = .stack(try push(screen, params, stack, &ids))
        // A push with nothing to push onto is a cold start: it builds the stack as `extend` does,
        // so back works. One call for both, whose code is not repeated.
        case .push, .extend:
            placement = try extend(screen, at: position, params, destination, stack, &ids)
        }
        guard placement.count <= maxDepth else { throw .stackTooDeep(limit: maxDepth) }
        return placement
    }

    /// The entry of `step`, a screen on the path to the destination or the destination's own at
    /// its end: the destination's params as the step declares them, at the step's position.
    func pathEntry(_ step: Screen, _ destination: Destination, _ ids: inout EntryIDs) throws(NavigationError)
        -> StackEntry
    {
        ids.make(step, try entryParams(step, destination.params), first: false, at: graph.position(of: step.name))
    }

    /// Issues entry ids in order.
    struct EntryIDs {
        var next: Int
        /// `params` taken: the entry gets them without a retain of its own. `position`: the
        /// screen's declaration index (kept in the entry as a hint for the renderer).
        mutating func make(_ screen: Screen, _ params: consuming EntryParams, first: Bool, at position: Int?)
            -> StackEntry
        {
            defer { next += 1 }
            let presentation: Presentation = first ? .root : (screen.presentation == .modal ? .modal : .push)
            return StackEntry(
                number: next,
                screen: screen.name,
                params: params,
                presentation: presentation,
                position: position
            )
        }
    }

    /// The destination's parent chain, root first, then the destination; each ancestor gets the
    /// params it declares from the destination's params or its defaults. With breadcrumbs, the
    /// chain leads to the first one and the path runs on through the others.
    func rebuild(_ screen: Screen, _ destination: Destination, _ ids: inout EntryIDs) throws(NavigationError)
        -> [StackEntry]
    {
        let first = destination.via.first.flatMap { graph[$0] } ?? screen
        var stack: [StackEntry] = []
        for (i, member) in graph.chain(to: first).enumerated() {
            stack.append(
                ids.make(
                    member,
                    try entryParams(member, destination.params),
                    first: i == 0,
                    at: graph.position(of: member.name)
                )
            )
        }
        if destination.via.isEmpty { return stack }
        // The chain to the first breadcrumb holds the destination already, with the same params:
        // going on to it again would be a cycle (SPEC §1).
        if stack.contains(where: { $0.screen == screen.name }) {
            throw .invalidNavigation(
                "\(screen.name) cannot be reached through \(destination.via.joined(separator: ", ")) without a cycle"
            )
        }
        let via = Array(destination.via.dropFirst()).filter { name in !stack.contains { $0.screen == name } }
        guard
            let path = findPath(from: first.name, via: via, to: screen.name, destination.params, excluding: stack[...])
        else {
            throw .invalidNavigation(
                "no path from \(first.name) through \((via + [screen.name]).joined(separator: ", "))"
            )
        }
        for step in path { stack.append(try pathEntry(step, destination, &ids)) }
        stack.append(try pathEntry(screen, destination, &ids))
        return stack
    }

    /// `push`: the destination alone on top, if its origins allow it there. Launch modes, identity
    /// and `root` presentation still apply: `push` never makes a cycle or a second `unique` entry.
    /// Never inlined: kept out of the code of `extend`, the usual strategy.
    @inline(never)
    func push(_ screen: Screen, _ params: EntryParams, _ stack: [StackEntry], _ ids: inout EntryIDs)
        throws(NavigationError) -> [StackEntry]
    {
        if let placed = placedAsLaunched(screen, params, stack, &ids) { return placed }
        if let top = stack.last, !screen.allows(after: top.screen) {
            throw .invalidNavigation("\(screen.name) cannot be pushed on \(top.screen) (origins)")
        }
        return stack + [ids.make(screen, params, first: stack.isEmpty, at: graph.position(of: screen.name))]
    }
}
