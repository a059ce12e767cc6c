extension RouteTrie.Walker {
    /// Searches every edge of one kind that takes the segment and keeps the best candidate.
    ///
    /// SPEC compares candidates kind by kind from the left, so two edges of the same kind (an `int`
    /// and a `float` both taking `5`) do not decide anything: the kinds along the rest of each path
    /// do. Only when whole paths tie kind for kind does the type order within a kind decide, then the
    /// route order. The usual case, one edge taking the segment, returns at once without copying.
    func bestOfKind(_ edges: Range<Int>, _ seg: Int, _ depth: Int, _ level: Int) -> RouteTrie.Found? {
        var best: RouteTrie.Found?
        var kept: KeptPath?
        var e = edges.lowerBound
        while e < edges.upperBound {
            let edge = typedEdges[e]
            e += 1
            guard takes(edge, seg) else { continue }
            let isRest = edge.rank >> 4 == RouteTrie.Kind.rest >> 4
            captures[depth] = Capture(
                spec: edge.spec,
                start: Int32(seg),
                end: Int32(isRest ? segments.count : seg + 1),
                quickCheck: edge.quickCheck
            )
            kinds[level] = edge.rank
            guard let found = visit(edge.child, isRest ? segments.count : seg + 1, depth + 1, level + 1) else {
                if let kept { kept.restore(kinds + level, captures + depth) }
                continue
            }
            if let current = best, let previous = kept {
                guard beats(found, current, previous, level) else {
                    previous.restore(kinds + level, captures + depth)
                    continue
                }
            }
            best = found
            guard (e..<edges.upperBound).contains(where: { takes(typedEdges[$0], seg) }) else { return found }
            kept = KeptPath(
                kinds: Array(UnsafeBufferPointer(start: kinds + level, count: found.endLevel - level)),
                captures: Array(UnsafeBufferPointer(start: captures + depth, count: found.captures - depth))
            )
        }
        return best
    }

    /// Whether `challenger` (its path live in the buffers) beats `current` (its path in `kept`).
    private func beats(_ challenger: RouteTrie.Found, _ current: RouteTrie.Found, _ kept: KeptPath, _ level: Int)
        -> Bool
    {
        let live = UnsafeBufferPointer(start: kinds + level, count: challenger.endLevel - level)
        if let order = RouteTrie.pathPrecedes(live, kept.kinds) { return order }
        return terminals[Int(challenger.terminal)].rank < terminals[Int(current.terminal)].rank
    }

    /// A candidate's path set aside while a sibling of the same kind is searched (rare: it allocates).
    struct KeptPath {
        let kinds: [UInt8]
        let captures: [Capture]

        func restore(_ kindsAt: UnsafeMutablePointer<UInt8>, _ capturesAt: UnsafeMutablePointer<Capture>) {
            for (i, kind) in kinds.enumerated() { kindsAt[i] = kind }
            for (i, capture) in captures.enumerated() { capturesAt[i] = capture }
        }
    }
}

extension RouteTrie {
    /// SPEC's order between two paths given as kind codes (one per edge, then ``Kind/end``): kinds
    /// from the left, then the types within a kind, then the shorter path. `nil` when they tie, and
    /// the routes' own order (``Route/precedes(_:_:)``) decides.
    @inline(__always)
    static func pathPrecedes<A: RandomAccessCollection<UInt8>, B: RandomAccessCollection<UInt8>>(_ a: A, _ b: B)
        -> Bool?
    where A.Index == Int, B.Index == Int {
        let count = Swift.min(a.count, b.count)
        let a0 = a.startIndex
        let b0 = b.startIndex
        for i in 0..<count where a[a0 + i] >> 4 != b[b0 + i] >> 4 { return a[a0 + i] >> 4 < b[b0 + i] >> 4 }
        for i in 0..<count where a[a0 + i] != b[b0 + i] { return a[a0 + i] < b[b0 + i] }
        if a.count != b.count { return a.count < b.count }
        return nil
    }
}
