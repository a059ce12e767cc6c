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
        while kept < old.count, kept < new.count, old[kept].hasSameID(as: new[kept]) { kept += 1 }
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

    /// The op that adds `entry` on top: a push, or a present for a modal entry.
    @inline(__always)
    static func adding(_ entry: StackEntry) -> TransitionOp {
        entry.presentation == .modal ? .present(entry) : .push(entry)
    }

    /// Appends the ops that take `old` down to its first `kept` entries (``TransitionSteps/removals(from:downTo:)``).
    @inline(__always)
    private static func appendRemovals(from old: [StackEntry], downTo kept: Int, to ops: inout [TransitionOp]) {
        let removals = TransitionSteps.removals(from: old, downTo: kept)
        for _ in 0..<removals.dismisses { ops.append(.dismiss) }
        if removals.popped > 0 { ops.append(.pop(removals.popped)) }
    }
}

/// The ops of a transition from a stack to its first entries with new ones above them, told by
/// their counts: the modal layers dismissed from the top, then the entries popped at once, then the
/// new stack's top ``added`` entries each pushed (presented when modal).
@usableFromInline
package struct TransitionSteps: Sendable, Hashable {
    package let dismisses: Int
    /// The entries of the one `pop`, 0 for none.
    package let popped: Int
    package let added: Int

    /// The steps from `old` to its first `kept` entries with `added` entries above them.
    /// Inlined: a call takes its own reference to the stack.
    @inline(__always)
    init(from old: [StackEntry], keeping kept: Int, adding added: Int) {
        (dismisses, popped) = Self.removals(from: old, downTo: kept)
        self.added = added
    }

    /// Whether there is no op at all.
    @usableFromInline var isEmpty: Bool { dismisses == 0 && popped == 0 && added == 0 }

    /// What takes `old` down to its first `kept` entries: each modal layer above them dismissed,
    /// from the top, then the rest popped at once.
    @inline(__always)
    static func removals(from old: [StackEntry], downTo kept: Int) -> (dismisses: Int, popped: Int) {
        // The entries are read in place, by index: a slice of the stack retains its buffer.
        var dismisses = 0
        var height = old.count
        while height > kept {
            var layer = height - 1
            while layer >= kept && old[layer].presentation != .modal { layer -= 1 }
            guard layer >= kept else { return (dismisses, height - kept) }
            dismisses += 1  // the whole layer, entries above its modal root included
            height = layer
        }
        return (dismisses, 0)
    }

    /// The ops, the entries added read from the top of `new`, the stack they lead to.
    func ops(to new: [StackEntry]) -> [TransitionOp] {
        var ops: [TransitionOp] = []
        ops.reserveCapacity(dismisses + (popped > 0 ? 1 : 0) + added)
        for _ in 0..<dismisses { ops.append(.dismiss) }
        if popped > 0 { ops.append(.pop(popped)) }
        for index in (new.count - added)..<new.count { ops.append(.adding(new[index])) }
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
                guard let i = stack.firstIndex(where: { $0.hasSameID(as: entry) }) else { return nil }
                stack[i] = entry
            case .replace(let entries):
                stack = entries
            }
        }
        return stack
    }
}
