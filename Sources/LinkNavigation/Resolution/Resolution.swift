import LinkRouting

/// How to place the destination (SPEC §3): the request's, else the route's, else `extend`.
public enum Strategy: String, Sendable, Hashable, CaseIterable {
    case extend, rebuild, push
}

/// Where a navigation goes: a screen, the params for it (and for screens synthesised on the way),
/// and breadcrumbs the path must pass through.
public struct Destination: Sendable, Hashable {
    public let screen: String
    /// The link's params by name (a small array: a link carries a handful).
    public let params: EntryParams
    public let via: [String]

    public init(screen: String, params: EntryParams = EntryParams(), via: [String] = []) {
        self.screen = screen
        self.params = params
        self.via = via
    }

    /// The params, moved out of a destination that ends here: not copied (a retain, and a release
    /// when the destination is dropped).
    consuming func takeParams() -> EntryParams { params }
}

/// What each screen is handed: source and destination entries, the destination's presentation,
/// and the params of every entry pushed, presented or updated, in order.
public struct Mediation: Sendable, Hashable {
    public let source: StackEntry?
    public let destination: StackEntry?
    public let presentation: Presentation?
    /// The transition the payload is read from: the resolution's own array, shared, when it has
    /// one (an in-place resolution keeps counts instead and builds the ops when its mediation is
    /// read; the navigate answer writes the payload from the transition it just wrote).
    private let transition: [TransitionOp]

    /// The screen and params of every entry the transition pushes, presents or updates, in order
    /// (a `replace` gives each of its entries).
    public var payload: [(screen: String, params: EntryParams)] {
        var payload: [(screen: String, params: EntryParams)] = []
        forEachPayloadItem { payload.append(($0.screen, $0.params)) }
        return payload
    }

    /// The stacks borrowed, not taken (an initialiser's default): only their last entries are kept.
    init(old: borrowing [StackEntry], new: borrowing [StackEntry], transition: [TransitionOp]) {
        source = old.last
        let last = new.last
        presentation = last?.presentation
        destination = consume last
        self.transition = transition
    }

    /// The entries themselves.
    init(source: StackEntry?, destination: StackEntry?, transition: [TransitionOp]) {
        self.source = source
        presentation = destination?.presentation
        self.destination = destination
        self.transition = transition
    }

    /// Calls `body` with each entry of ``payload``, in order, without building the list.
    package func forEachPayloadItem(_ body: (StackEntry) -> Void) {
        for op in transition { Self.forEachEntry(of: op) { entry, _ in body(entry) } }
    }

    /// ``forEachPayloadItem(_:)`` less the entries whose screen is handed params again later: one
    /// member per screen, the last, as the answer's `payload` object has it.
    ///
    /// The ops are read in place: a copy of each op out of the array, and a second one to look
    /// for later entries of a `replace`, cost more than the entries handed on.
    package func forEachPayloadMember(_ body: (StackEntry) -> Void) {
        transition.withUnsafeBufferPointer { ops in
            for index in ops.indices {
                switch ops[index] {
                case .push(let entry), .present(let entry), .update(let entry):
                    if !isHandedAgain(entry.screen, after: index, laterIn: ArraySlice()) { body(entry) }
                case .replace(let entries):
                    for position in entries.indices
                    where !isHandedAgain(entries[position].screen, after: index, laterIn: entries[(position + 1)...]) {
                        body(entries[position])
                    }
                case .pop, .dismiss:
                    break
                }
            }
        }
    }

    /// Whether a payload entry of `later` (the rest of op `index`) or of an op after `index` is of `screen`.
    private func isHandedAgain(_ screen: String, after index: Int, laterIn later: ArraySlice<StackEntry>) -> Bool {
        var found = later.contains { $0.screen == screen }
        for op in transition[(index + 1)...] where !found {
            Self.forEachEntry(of: op) { entry, _ in found = found || entry.screen == screen }
        }
        return found
    }

    /// The entries `op` hands params to, with their positions within it.
    private static func forEachEntry(of op: TransitionOp, _ body: (StackEntry, Int) -> Void) {
        switch op {
        case .push(let entry), .present(let entry), .update(let entry): body(entry, 0)
        case .replace(let entries): for (position, entry) in entries.enumerated() { body(entry, position) }
        case .pop, .dismiss: break
        }
    }

    public static func == (lhs: Mediation, rhs: Mediation) -> Bool {
        lhs.source == rhs.source && lhs.destination == rhs.destination && lhs.presentation == rhs.presentation
            && lhs.payload.map(\.screen) == rhs.payload.map(\.screen)
            && lhs.payload.map(\.params) == rhs.payload.map(\.params)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(destination)
        hasher.combine(payload.map(\.screen))
    }
}

/// The outcome of resolving a navigation or stack operation against a stack: nothing is stored.
public struct Resolution: Sendable, Hashable {
    public let stack: [StackEntry]
    /// The ops from the old stack to ``stack``: ``steps``'s when it is set, made on each read.
    public var transition: [TransitionOp] {
        switch change {
        case .ops(let ops): ops
        case .steps(let steps): steps.ops(to: stack)
        }
    }
    /// The transition of a resolution made in place, told without an array of ops (which cost an
    /// allocation, a copy of each entry added and their release per navigation): `nil` for one
    /// whose ops are an array.
    /// Inlinable, as ``isUnchanged`` is: read once per answer by the renderer of another module.
    @inlinable package var steps: TransitionSteps? {
        if case .steps(let steps) = change { steps } else { nil }
    }
    /// The transition as ops or as steps: one or the other, in one field (an in-place resolution
    /// then holds no empty array of ops to release).
    @usableFromInline let change: Change

    @usableFromInline enum Change: Sendable {
        case ops([TransitionOp])
        case steps(TransitionSteps)
    }
    /// The top of the old stack, the mediation's source. The mediation's destination is the new
    /// stack's top and its payload is read from the transition: held here once each, not again in
    /// a stored mediation (which cost a retain and a release of each entry per navigation).
    public let source: StackEntry?
    /// The entry counter after the entries this resolution created.
    public let nextEntryNumber: Int

    /// What each screen is handed, made from the stack's top, ``source`` and the transition.
    public var mediation: Mediation { Mediation(source: source, destination: stack.last, transition: transition) }

    /// The old stack borrowed, not taken (an initialiser's default): it is only compared with.
    init(old: borrowing [StackEntry], new: [StackEntry], nextEntryNumber: Int) {
        stack = new
        change = .ops(TransitionOp.between(old, new))
        source = old.last
        self.nextEntryNumber = nextEntryNumber
    }

    /// The resolution from `stack` to its first `kept` entries with `path`'s entries and `last`
    /// above them, applied to `stack` in place: the entries above `kept` leave the stack's own
    /// buffer (its top one moved into the mediation as its source) and the new ones are appended
    /// there, so that a stack held only by the caller is neither copied nor allocated again.
    ///
    /// The same resolution as `Resolution(old:new:nextEntryNumber:)` to that stack, provided the
    /// first entry added does not take the id of the entry above `kept`: `between` then keeps
    /// exactly `kept` entries, and its ops are the ``TransitionSteps`` kept here (the kept entries
    /// are the old stack's own: none is updated).
    @inline(__always)  // into `resolve`: the usual navigation's way
    init(
        keeping kept: Int,
        of stack: inout [StackEntry],
        adding path: [StackEntry],
        _ last: StackEntry,
        nextEntryNumber: Int
    ) {
        change = .steps(TransitionSteps(from: stack, keeping: kept, adding: path.count + 1))
        if stack.count == kept + 1 && path.isEmpty {
            // One entry for another (the usual navigation): swapped in place, the old top moved
            // out as the source, with no change of count.
            var top = last
            swap(&top, &stack[kept])
            source = top
        } else {
            source = stack.count > kept ? stack.popLast() : stack.last
            if stack.count > kept { stack.removeLast(stack.count - kept) }
            // Entry by entry: `append(contentsOf:)` copies through the runtime's generic array copy.
            for entry in path { stack.append(entry) }
            stack.append(last)
        }
        self.stack = stack
        self.nextEntryNumber = nextEntryNumber
    }

    /// `true` when the stack did not change. Inlinable: asked once per navigate by the store's
    /// caller in another module, where a call costs more than the look.
    @inlinable public var isUnchanged: Bool {
        switch change {
        case .ops(let ops): ops.isEmpty
        case .steps(let steps): steps.isEmpty
        }
    }

    public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
        lhs.stack == rhs.stack && lhs.transition == rhs.transition && lhs.source == rhs.source
            && lhs.nextEntryNumber == rhs.nextEntryNumber
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stack)
        hasher.combine(transition)
        hasher.combine(source)
        hasher.combine(nextEntryNumber)
    }
}
