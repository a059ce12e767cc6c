/// One operation a client applies to its stack; a list of them turns the old stack into the new one.
public enum TransitionOp: Sendable, Hashable {
    /// Pop `n` entries off the top layer.
    case pop(Int)
    /// Close the top modal layer.
    case dismiss
    case push(StackEntry)
    /// Push an entry that opens a modal layer.
    case present(StackEntry)
    /// The entry with this id stays, with new params.
    case update(StackEntry)
    /// Replace the whole stack.
    case replace([StackEntry])

    /// The exact operations from `old` to `new`: entries kept (same id, in the same place) stay;
    /// what lies above them is dismissed layer by layer or popped; kept entries whose params changed
    /// are updated; new entries are pushed or presented. Nothing kept at all is a `replace`.
    public static func between(_ old: [StackEntry], _ new: [StackEntry]) -> [TransitionOp] {
        if old.sharesBuffer(with: new) { return [] }
        var kept = 0
        while kept < old.count, kept < new.count, old[kept].id == new[kept].id { kept += 1 }
        if kept == 0 && !old.isEmpty { return [.replace(new)] }
        // Entries compared only when every id matched: a navigation that changed the stack is told
        // by its ids alone.
        if kept == old.count && kept == new.count && old == new { return [] }
        var ops: [TransitionOp] = []
        // At most one op per entry removed, updated or added: one allocation, not one per growth.
        ops.reserveCapacity(old.count - kept + new.count)
        appendRemovals(from: old, downTo: kept, to: &ops)
        // Kept entries are most often copies of the old ones: compared by their bits in place first.
        let same = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                (0..<kept).allSatisfy { i in
                    guard let left = old.baseAddress, let right = new.baseAddress else { return false }
                    return StackEntry.sameBits(left + i, right + i)
                }
            }
        }
        if !same {
            for i in 0..<kept where old[i] != new[i] { ops.append(.update(new[i])) }
        }
        for index in kept..<new.count { ops.append(.adding(new[index])) }
        return ops
    }

    /// ``between(_:_:)`` from `old` to its first `kept` entries with `path`'s entries and `last`
    /// above them, without that stack being made, when `between` would keep exactly `kept` entries:
    /// there is one above them in `old` at most when the first entry added does not take its id.
    static func between(
        _ old: [StackEntry],
        keeping kept: Int,
        adding path: [StackEntry],
        _ last: StackEntry
    ) -> [TransitionOp] {
        var ops: [TransitionOp] = []
        ops.reserveCapacity(old.count - kept + path.count + 1)
        appendRemovals(from: old, downTo: kept, to: &ops)
        // The kept entries are `old`'s own: none is updated.
        for entry in path { ops.append(.adding(entry)) }
        ops.append(.adding(last))
        return ops
    }

    /// The op that adds `entry` on top: a push, or a present for a modal entry.
    @inline(__always)
    private static func adding(_ entry: StackEntry) -> TransitionOp {
        entry.presentation == .modal ? .present(entry) : .push(entry)
    }

    /// Appends the ops that take `old` down to its first `kept` entries: each modal layer above
    /// them dismissed, from the top, then the rest popped at once.
    @inline(__always)
    private static func appendRemovals(from old: [StackEntry], downTo kept: Int, to ops: inout [TransitionOp]) {
        // The entries are read in place, by index: a slice of the stack retains its buffer.
        var height = old.count
        while height > kept {
            var layer = height - 1
            while layer >= kept && old[layer].presentation != .modal { layer -= 1 }
            if layer >= kept {
                ops.append(.dismiss)  // the whole layer, entries above its modal root included
                height = layer
            } else {
                ops.append(.pop(height - kept))
                height = kept
            }
        }
    }
}

extension Array where Element == TransitionOp {
    /// Applies the operations to `stack`, as a client would.
    /// - Returns: the new stack, or `nil` when an operation does not fit (a `dismiss` with no modal layer).
    public func applied(to stack: [StackEntry]) -> [StackEntry]? {
        var stack = stack
        for op in self {
            switch op {
            case .pop(let n):
                guard n <= stack.count else { return nil }
                stack.removeLast(n)
            case .dismiss:
                guard let layer = stack.lastIndex(where: { $0.presentation == .modal }) else { return nil }
                stack.removeSubrange(layer...)
            case .push(let entry), .present(let entry):
                stack.append(entry)
            case .update(let entry):
                guard let i = stack.firstIndex(where: { $0.id == entry.id }) else { return nil }
                stack[i] = entry
            case .replace(let entries):
                stack = entries
            }
        }
        return stack
    }
}
