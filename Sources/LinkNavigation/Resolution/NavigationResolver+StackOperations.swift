/// The stack operations of SPEC §3 (`back`, `pop-to-root`, `pop-to`, `pop-before`, `dismiss`,
/// `restart`, `trail`).
public enum StackOperation: Sendable, Hashable {
    /// Pop one entry; popping a modal layer's last entry closes the layer.
    case back
    case popToRoot
    /// Pop back to the topmost entry of the screen.
    case popTo(String)
    /// Pop back to just below the topmost entry of the screen.
    case popBefore(String)
    /// Close the top modal layer.
    case dismiss
    /// Only the root screen, as a fresh entry with the root entry's params.
    case restart
    /// Replace the stack with these destinations, in order.
    case trail([Destination])
}

extension NavigationResolver {
    /// Applies a stack operation.
    /// - Throws: ``NavigationError/invalidNavigation(_:)`` when it does not fit the stack.
    public func perform(_ operation: StackOperation, stack: [StackEntry], nextEntryNumber: Int)
        throws(NavigationError) -> Resolution
    {
        var ids = EntryIDs(next: nextEntryNumber)
        let new: [StackEntry]
        switch operation {
        case .back:
            guard stack.count > 1 else { throw .invalidNavigation("there is nothing to go back to") }
            new = Array(stack.dropLast())
        case .popToRoot:
            new = Array(stack.prefix(1))
        case .popTo(let name):
            guard let i = stack.lastIndex(where: { $0.screen == name }) else {
                throw .invalidNavigation("\(name) is not on the stack")
            }
            new = Array(stack[...i])
        case .popBefore(let name):
            guard let i = stack.lastIndex(where: { $0.screen == name }) else {
                throw .invalidNavigation("\(name) is not on the stack")
            }
            guard i > 0 else { throw .invalidNavigation("nothing lies below \(name)") }
            new = Array(stack[..<i])
        case .dismiss:
            guard let layer = stack.lastIndex(where: { $0.presentation == .modal }) else {
                throw .invalidNavigation("no modal layer is open")
            }
            new = Array(stack[..<layer])
        case .restart:
            guard let root = stack.first, let screen = graph[root.screen] else {
                throw .invalidNavigation("the stack is empty")
            }
            new = [ids.make(screen, root.params, first: true, at: graph.position(of: screen.name))]
        case .trail(let destinations):
            var entries: [StackEntry] = []
            for destination in destinations {
                guard let screen = graph[destination.screen] else { throw .unknownScreen(destination.screen) }
                let params = try entryParams(screen, destination.params)
                // The same place twice would be a cycle (SPEC §1), as a navigation never makes one.
                if entries.contains(where: { sameIdentity($0, screen, params) }) {
                    throw .invalidNavigation("the trail leads to \(screen.name) twice with the same params")
                }
                // A `unique` screen is on a stack at most once (SPEC §3), whatever its params.
                if screen.launch == .unique, entries.contains(where: { $0.screen == screen.name }) {
                    throw .invalidNavigation("the trail leads to \(screen.name) twice; it is unique")
                }
                entries.append(ids.make(screen, params, first: entries.isEmpty, at: graph.position(of: screen.name)))
            }
            guard !entries.isEmpty else { throw .invalidNavigation("a trail needs at least one URL") }
            new = entries
        }
        // Only a trail builds a stack; the other operations only take entries away and are never
        // refused, even on a stack deeper than a limit a reload has lowered since.
        if case .trail = operation, new.count > maxDepth { throw .stackTooDeep(limit: maxDepth) }
        return Resolution(old: stack, new: new, nextEntryNumber: ids.next)
    }
}
