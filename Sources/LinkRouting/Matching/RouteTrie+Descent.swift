extension RouteTrie.Walker {
    /// What ``descend()`` found.
    enum Descent {
        /// The terminal the search would return, with the number of captures on its path.
        case found(Int32, captures: Int)
        /// No route takes the URL.
        case none
        /// The descent cannot decide: run the search.
        case undecided
    }

    /// Follows the search's first choice at every node, in a loop rather than by recursion.
    ///
    /// The depth-first search returns the first accepted terminal in its exploration order, unless
    /// two edges of one kind take a segment (then it compares their paths). Its first path is the
    /// one taken here: the literal edge, else the first typed edge taking the segment, else the
    /// absent-optional edge. Reaching an accepted terminal along it is therefore the search's
    /// answer. A dead end is `none` only when no node on the way offered another choice; a kind
    /// with several edges, or a rest-of-path edge, is left to the search.
    func descend() -> Descent {
        // Indexes stay below the segment, edge and slot counts: `&+` spares overflow checks.
        var nodeIndex: Int32 = 0
        var seg = 0
        var depth = 0
        // Some node on the way had a choice after the one taken: a dead end needs the search.
        var passedChoices = false
        while true {
            // Fields read where needed rather than the whole node copied at once (fewer registers).
            let node = nodes + Int(nodeIndex)
            if seg == segments.count {
                var t = node.pointee.terminalStart
                let end = node.pointee.terminalStart + node.pointee.terminalCount
                while t < end {
                    let terminal = terminals[Int(t)]
                    if terminal.sourceID < 0 || terminal.sourceID == sourceID, terminal.plain || acceptor.accepts(t) {
                        return .found(t, captures: depth)
                    }
                    t &+= 1
                }
                // The search's last choice here: an absent optional group.
                guard node.pointee.absentChild >= 0 else { return passedChoices ? .undecided : .none }
                nodeIndex = node.pointee.absentChild
                continue
            }
            let segment = segments[seg]
            let typedMayTake = node.pointee.typedCount > 0 && !segment.isEmpty
            if node.pointee.hasLiterals, segment.baseAddress != nil {
                // ``literalChild(_:_:)`` written out: the compiler calls it rather than inline it here.
                let count = segment.count
                let key = RouteTrie.prefixKey(segment)
                let mask = Int(node.pointee.slotMask)
                let start = Int(node.pointee.slotStart)
                let slots = literalSlots + start
                var h = RouteTrie.literalHash(key, length: count) & mask
                var child: Int32 = -1
                while true {
                    let slot = slots[h]
                    if slot.child < 0 { break }
                    if slot.holds(segment, count: count, key: key, trie) {
                        child = slot.child
                        break
                    }
                    h = (h &+ 1) & mask
                }
                if child >= 0 {
                    // Conservative when the segment is empty (no typed edge takes it): the search decides.
                    passedChoices = passedChoices || node.pointee.choicesAfterLiteral
                    nodeIndex = child
                    seg &+= 1
                    continue
                }
            }
            if typedMayTake {
                var e = Int(node.pointee.typedStart)
                let end = e + Int(node.pointee.typedCount)
                var taken = -1
                while e < end {
                    let edge = typedEdges[e]
                    // A kind of several edges: the search compares their paths.
                    guard _fastPath(edge.alone) else { return .undecided }
                    if edgeAccepts(edge, segment) {
                        taken = e
                        break
                    }
                    e &+= 1
                }
                if taken >= 0 {
                    let edge = typedEdges[taken]
                    passedChoices = passedChoices || taken &+ 1 < end || node.pointee.choicesAfterTyped
                    captures[depth] = Capture(
                        spec: edge.spec,
                        start: Int32(truncatingIfNeeded: seg),
                        end: Int32(truncatingIfNeeded: seg &+ 1),
                        quickCheck: edge.quickCheck
                    )
                    depth &+= 1
                    seg &+= 1
                    nodeIndex = edge.child
                    continue
                }
            }
            if node.pointee.absentChild >= 0 {
                if node.pointee.restCount > 0 { passedChoices = true }
                nodeIndex = node.pointee.absentChild
                continue
            }
            if node.pointee.restCount > 0 { return .undecided }
            return passedChoices ? .undecided : .none
        }
    }
}
