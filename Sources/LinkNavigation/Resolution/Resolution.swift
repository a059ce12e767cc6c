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
}

/// What each screen is handed: source and destination entries, the destination's presentation,
/// and the params of every entry pushed, presented or updated, in order.
public struct Mediation: Sendable, Hashable {
    public let source: StackEntry?
    public let destination: StackEntry?
    public let presentation: Presentation?
    public let payload: [(screen: String, params: EntryParams)]

    init(old: [StackEntry], new: [StackEntry], transition: [TransitionOp]) {
        source = old.last
        destination = new.last
        presentation = new.last?.presentation
        var payload: [(screen: String, params: EntryParams)] = []
        payload.reserveCapacity(transition.count)  // one entry per op but `replace`, which has its own count
        for op in transition {
            switch op {
            case .push(let entry), .present(let entry), .update(let entry): payload.append((entry.screen, entry.params))
            case .replace(let entries): payload += entries.map { ($0.screen, $0.params) }
            case .pop, .dismiss: break
            }
        }
        self.payload = payload
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
    public let transition: [TransitionOp]
    public let mediation: Mediation
    /// The entry counter after the entries this resolution created.
    public let nextEntryNumber: Int

    init(old: [StackEntry], new: [StackEntry], nextEntryNumber: Int) {
        stack = new
        transition = TransitionOp.between(old, new)
        mediation = Mediation(old: old, new: new, transition: transition)
        self.nextEntryNumber = nextEntryNumber
    }

    /// `true` when the stack did not change.
    public var isUnchanged: Bool { transition.isEmpty }
}
