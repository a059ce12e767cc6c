import LinkRouting

extension NavigationResolver {
    /// `extend` (SPEC §3): pop back to an entry with the same identity; honour the launch mode; else
    /// the shortest path from the top entry, then from each lower one (popping above it); else
    /// `rebuild`. Inside a modal layer a push step must belong to the layer: its `origins` name the
    /// screen below it, or it has none and descends (by `parent`) from the layer's modal screen; a
    /// modal step opens a layer of its own on top. Anything else dismisses layers until it can be placed.
    ///
    /// - Parameters:
    ///   - position: The screen's declaration index.
    ///   - params: Taken: the destination's entry gets them without a retain of its own.
    func extend(
        _ screen: Screen,
        at position: Int,
        _ params: consuming EntryParams,
        _ destination: Destination,
        _ stack: [StackEntry],
        _ ids: inout EntryIDs
    ) throws(NavigationError) -> Placement {
        guard !stack.isEmpty else { return .stack(try rebuild(screen, destination, &ids)) }
        if let placed = placedAsLaunched(screen, at: position, params, stack, &ids) { return .stack(placed) }
        // Without breadcrumbs, most bases are settled by the origins alone (see `directStep`).
        let goal = destination.via.isEmpty ? position : nil
        for base in stack.indices.reversed() {
            // The entry that opened the modal layer `base` is in, if any: found in place.
            let layerIndex = Self.lastModal(in: stack, through: base)
            // `true` for the usual direct step, told by the origins alone: no path is looked for,
            // and no array, not even an empty one, is held (or released).
            let direct = layerIndex == nil ? directStep(to: goal, from: base, of: stack) : nil
            if direct == false { continue }
            if direct == nil {
                guard
                    let path = findPath(
                        from: stack[base].screen,
                        via: destination.via,
                        to: screen.name,
                        destination.params,
                        // A slice: no copy of the stack for a base that finds no path.
                        excluding: stack[...base],
                        inLayer: layerIndex.map { stack[$0].screen }
                    )
                else { continue }
                if !path.isEmpty {
                    var steps: [StackEntry] = []
                    steps.reserveCapacity(path.count)
                    for step in path { steps.append(try pathEntry(step, destination, &ids)) }
                    // The steps moved into the placement: a copy would retain them, and drop this
                    // binding after.
                    return .above(
                        base: base,
                        path: consume steps,
                        last: ids.make(screen, params, first: false, at: position)
                    )
                }
            }
            // Popped back to an entry of its own screen (a modal layer dismissed, say), the
            // destination would go straight onto it: `single_top` refreshes that entry instead of
            // pushing a second.
            if screen.launch == .singleTop, stack[base].screen == screen.name {
                return .stack(Self.poppedBack(to: base, of: stack, params))
            }
            return .onTop(base: base, last: ids.make(screen, params, first: false, at: position))
        }
        return .stack(try rebuild(screen, destination, &ids))
    }

    /// Where ``extend(_:at:_:_:_:_:)`` places the destination.
    enum Placement {
        /// A stack of its own.
        case stack([StackEntry])
        /// The entries up to `base` kept, then `path`'s entries and `last` on top of them: what
        /// the stack can take in place.
        case above(base: Int, path: [StackEntry], last: StackEntry)
        /// ``above(base:path:last:)`` with no path (the usual direct step): no array to carry.
        case onTop(base: Int, last: StackEntry)

        /// The number of entries of the stack placed on `stack`.
        var count: Int {
            switch self {
            case .stack(let new): new.count
            case .above(let base, let path, _): base + 1 + path.count + 1
            case .onTop(let base, _): base + 1 + 1
            }
        }

        /// The stack placed on `stack`, made apart from it.
        func stack(over stack: [StackEntry]) -> [StackEntry] {
            switch self {
            case .stack(let new): new
            case .above(let base, let path, let last): Self.stack(over: stack, base: base, path: path, last: last)
            case .onTop(let base, let last): Self.stack(over: stack, base: base, path: [], last: last)
            }
        }

        /// The stack of ``above(base:path:last:)`` on `stack`, made apart from it.
        static func stack(over stack: [StackEntry], base: Int, path: [StackEntry], last: StackEntry) -> [StackEntry] {
            // One allocation, of the final size.
            var new: [StackEntry] = []
            new.reserveCapacity(base + 1 + path.count + 1)
            // Entry by entry: `append(contentsOf:)` copies a slice through the runtime's generic
            // array copy, which looks up each field's value witnesses.
            for index in 0...base { new.append(stack[index]) }
            for entry in path { new.append(entry) }
            new.append(last)
            return new
        }
    }

    /// Where the destination goes without a path: a `root` screen replaces the stack; an entry
    /// with the same identity is popped back to (no cycles); `single_top` updates the top entry;
    /// `unique` pops back to its one entry. `nil`: none of these applies. `position`: the screen's
    /// declaration index, if known (entries are then told by their position hints).
    ///
    /// Inlined (into `extend` and `push`): asked once per navigation, it mostly finds that none
    /// applies, which takes a scan of the stack; each stack it makes is made apart, never inlined.
    @inline(__always)
    func placedAsLaunched(
        _ screen: Screen,
        at position: Int? = nil,
        _ params: EntryParams,
        _ stack: [StackEntry],
        _ ids: inout EntryIDs
    ) -> [StackEntry]? {
        if screen.presentation == .root { return placedAsRoot(screen, at: position, params, stack, &ids) }
        if let i = stack.lastIndex(where: { sameIdentity($0, screen, params, at: position) }) {
            return Self.poppedBack(to: i, of: stack, params)
        }
        switch screen.launch {
        case .standard: return nil
        case .singleTop, .unique: return placedByLaunch(screen, at: position, params, stack)
        }
    }

    /// ``placedAsLaunched(_:at:_:_:_:)`` for a `root` screen: the stack's root refreshed when it has
    /// the same identity, else a new root alone.
    @inline(never)
    private func placedAsRoot(
        _ screen: Screen,
        at position: Int?,
        _ params: EntryParams,
        _ stack: [StackEntry],
        _ ids: inout EntryIDs
    ) -> [StackEntry] {
        if let root = stack.first, sameIdentity(root, screen, params, at: position) {
            return [root.with(params: params)]
        }
        return [ids.make(screen, params, first: true, at: position ?? graph.position(of: screen.name))]
    }

    /// ``placedAsLaunched(_:at:_:_:_:)`` for a `single_top` or `unique` screen with no entry of the
    /// same identity on the stack.
    @inline(never)
    private func placedByLaunch(
        _ screen: Screen,
        at position: Int?,
        _ params: EntryParams,
        _ stack: [StackEntry]
    ) -> [StackEntry]? {
        switch screen.launch {
        case .singleTop:
            if let top = stack.last, graph.isScreen(of: top, screen, at: position) {
                return Array(stack.dropLast()) + [top.with(params: params)]
            }
        case .unique:
            if let i = stack.lastIndex(where: { graph.isScreen(of: $0, screen, at: position) }) {
                return Self.poppedBack(to: i, of: stack, params)
            }
        case .standard:
            break
        }
        return nil
    }

    /// The entries below `index`, then the entry at `index` with `params`.
    @inline(never)
    private static func poppedBack(to index: Int, of stack: [StackEntry], _ params: EntryParams) -> [StackEntry] {
        Array(stack[..<index]) + [stack[index].with(params: params)]
    }

    /// What ``findPath(from:via:to:_:excluding:inLayer:)`` finds from the entry at `base` without
    /// breadcrumbs and outside a modal layer, when the origins settle it without a search: `true`
    /// for the direct step (an empty path), `false` for no path (every screen that may follow the
    /// entry's is on the stack up to `base` already, which a path may not pass through), `nil` when
    /// it takes a search (or a screen is unknown). The stack is read in place, nothing is allocated.
    /// - Parameter goal: The destination's declaration index.
    /// Inlined into `extend`, its one caller, which asks it of each base it tries.
    @inline(__always)
    private func directStep(to goal: Int?, from base: Int, of stack: [StackEntry]) -> Bool? {
        guard let goal else { return nil }
        return stack.withUnsafeBufferPointer { entries -> Bool? in
            guard let origin = graph.position(of: entries[base]) else { return nil }
            if graph.allows(goal, after: origin) { return true }
            let kept = UnsafeBufferPointer(rebasing: entries[...base])
            var searches = false
            graph.forEachSuccessor(of: origin, explicitOnly: false) { index in
                searches = !graph.isNamed(index, onAnyOf: kept)
                return !searches
            }
            return searches ? nil : false
        }
    }

    /// The index of the last modal entry at or below `base`, read in place.
    private static func lastModal(in stack: [StackEntry], through base: Int) -> Int? {
        stack.withUnsafeBufferPointer { entries in
            var index = base
            while index >= 0 {
                if entries[index].presentation == .modal { return index }
                index -= 1
            }
            return nil
        }
    }

    /// The screens to push after `start` and before `final` so that the path passes through the
    /// breadcrumbs `via`, in order, and ends at `final` (which is not in the list: a direct step is
    /// an empty list, with nothing allocated), breadth-first between milestones (shortest legs).
    /// Intermediate screens must have their
    /// required params filled by `params` and must not already be on the kept stack (no cycles);
    /// a breadcrumb already on the kept stack has been passed through already. `inLayer`: the screen
    /// that opened the modal layer the path starts in, if any.
    func findPath(
        from start: String,
        via: [String],
        to final: String,
        _ params: EntryParams,
        excluding kept: ArraySlice<StackEntry>,
        inLayer layer: String? = nil
    ) -> [Screen]? {
        var path: [Screen] = []
        var current = start
        // The breadcrumbs, then the destination: no list of milestones is made.
        for i in 0...via.count {
            let isFinal = i == via.count
            let milestone = isFinal ? final : via[i]
            let used = UsedScreens(kept: kept, path: path)
            if !isFinal && used.contains(milestone) { continue }
            // The destination's params come from the link, like every step's: a path that already
            // passed through its screen would place it twice (a cycle, SPEC §1).
            if isFinal && path.contains(where: { $0.name == milestone }) { return nil }
            guard
                let leg = shortestLeg(
                    from: current,
                    to: milestone,
                    params,
                    excluding: used,
                    inLayer: layer
                )
            else { return nil }
            if path.isEmpty { path = leg } else { path += leg }  // the first leg: its own array
            if !isFinal {
                guard let reached = graph[milestone] else { return nil }
                path.append(reached)
            }
            current = milestone
        }
        return path
    }

    /// The screens a path may not pass through: those on the kept stack and those the path already
    /// takes. Stacks are short (64 at most), so a scan beats building a set for every search.
    struct UsedScreens {
        let kept: ArraySlice<StackEntry>
        let path: [Screen]

        func contains(_ name: String) -> Bool {
            kept.contains { $0.screen == name } || path.contains { $0.name == name }
        }
    }

    /// Breadth-first search from `start` to `target` over the `origins` relation, visiting each
    /// screen's successors in declaration order (the graph's successor index: only screens that may
    /// follow are looked at). Returns the screens strictly between the two: none for a direct step.
    /// Inlined into `findPath`: most calls return at the first check, and as a separate call the
    /// reference counting around what it is handed cost about as much as that check.
    @inline(__always)
    private func shortestLeg(
        from start: String,
        to target: String,
        _ params: EntryParams,
        excluding used: UsedScreens,
        inLayer layer: String?
    ) -> [Screen]? {
        guard let goalIndex = graph.position(of: target), let origin = graph.position(of: start) else { return nil }
        let screens = graph.ordered
        // Inside a modal layer a push step must belong to it (SPEC §3: a screen outside the top layer
        // dismisses it): named by its origins, or without origins and a descendant of the layer's
        // screen. A modal screen opens a layer of its own on top, placed by its origins as anywhere.
        // By declaration indices: origins are checked without hashing names.
        func allowed(_ index: Int, after below: Int) -> Bool {
            let screen = screens[index]
            guard let layer, screen.presentation != .modal, screen.origins == nil else {
                return graph.allows(index, after: below)
            }
            return graph.isAncestor(layer, of: screen)
        }
        if allowed(goalIndex, after: origin) { return [] }
        // Most screens are leaves of the origins relation: nothing to search, nothing to allocate.
        guard graph.hasSuccessors(of: origin, explicitOnly: false) else { return nil }
        // previous[i]: the index BFS reached screen i from; -1 unvisited. Made when the first screen
        // is reached: most searches find no step at all (every successor is excluded) and allocate
        // nothing. The state is passed `inout`, not captured: a closure capturing local `var`s gets
        // a run-time exclusivity check on each access.
        var previous: [Int32] = []
        var found: Int?
        var next: [Int] = []
        /// Visits the successors of `from`, queueing the usable ones in `next`; sets `found`.
        func expand(_ from: Int, _ previous: inout [Int32], _ found: inout Int?, _ next: inout [Int]) {
            graph.forEachSuccessor(of: from, explicitOnly: false) { index in
                guard previous.isEmpty ? index != origin : previous[index] < 0 else { return true }
                let candidate = screens[index]
                guard candidate.name != target, !used.contains(candidate.name), canFill(candidate, params),
                    layer == nil || allowed(index, after: from)
                else { return true }
                if previous.isEmpty {
                    previous = [Int32](repeating: -1, count: screens.count)
                    previous[origin] = Int32(origin)
                }
                previous[index] = Int32(from)
                if allowed(goalIndex, after: index) {
                    found = index
                    return false
                }
                next.append(index)
                return true
            }
        }
        expand(origin, &previous, &found, &next)
        while !next.isEmpty && found == nil {
            let frontier = next
            next = []
            for from in frontier {
                expand(from, &previous, &found, &next)
                if found != nil { break }
            }
        }
        guard var cursor = found else { return nil }
        var chain: [Screen] = []
        while cursor != origin {
            chain.append(screens[cursor])
            cursor = Int(previous[cursor])
        }
        return chain.reversed()
    }
}
