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
        // The entries are read in place, by index: a slice of either stack retains its buffer.
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
        for index in kept..<new.count {
            ops.append(new[index].presentation == .modal ? .present(new[index]) : .push(new[index]))
        }
        return ops
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
