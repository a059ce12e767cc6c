/// One captured placeholder: the spec it was checked against and the segments it took.
struct Capture {
    var spec: Int32
    var start: Int32
    var end: Int32
    /// Lets the result be converted without touching the spec table.
    var quickCheck: RouteTrie.QuickCheck
}

extension RouteTrie {
    /// Depth-first search for the most specific terminal that `acceptor` takes.
    ///
    /// - Parameters:
    ///   - segments: decoded path segments.
    ///   - captures: room for one capture per segment; the winning path's captures are left in it.
    ///   - acceptor: checks a terminal's route against what the trie cannot see (source, query).
    /// - Returns: the terminal index and the number of captures, or `nil`.
    @inline(__always)
    func search(
        _ segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        captures: UnsafeMutablePointer<Capture>,
        acceptor: Acceptor
    ) -> (terminal: Int32, captures: Int)? {
        specs.withUnsafeBufferPointer { specs in
            Walker(
                nodes: UnsafeBufferPointer(nodes),
                terminals: UnsafeBufferPointer(terminals),
                literalEdges: UnsafeBufferPointer(literalEdges),
                literalBytes: UnsafeBufferPointer(literalBytes),
                typedEdges: UnsafeBufferPointer(typedEdges),
                specs: specs,
                segments: segments,
                captures: captures,
                acceptor: acceptor
            ).visit(0, 0, 0)
        }
    }

    /// The search state: flat views of the trie and of the URL (plain data, no reference counting).
    struct Walker {
        let nodes: UnsafeBufferPointer<Node>
        let terminals: UnsafeBufferPointer<Terminal>
        let literalEdges: UnsafeBufferPointer<LiteralEdge>
        let literalBytes: UnsafeBufferPointer<UInt8>
        let typedEdges: UnsafeBufferPointer<TypedEdge>
        let specs: UnsafeBufferPointer<ParamSpec>
        let segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
        let captures: UnsafeMutablePointer<Capture>
        let acceptor: Acceptor

        func visit(
            _ nodeIndex: Int32,
            _ seg: Int,
            _ depth: Int
        ) -> (terminal: Int32, captures: Int)? {
            let node = nodes[Int(nodeIndex)]
            if seg == segments.count {
                var t = node.terminalStart
                let end = node.terminalStart + node.terminalCount
                while t < end {
                    if terminals[Int(t)].plain || acceptor.accepts(t) { return (t, depth) }
                    t += 1
                }
                if node.absentChild >= 0 { return visit(node.absentChild, seg, depth) }
                return nil
            }
            let segment = segments[seg]
            if node.literalCount > 0, let child = literalChild(node, segment) {
                if let found = visit(child, seg + 1, depth) { return found }
            }
            if node.typedCount > 0 && !segment.isEmpty {
                var e = Int(node.typedStart)
                let end = e + Int(node.typedCount)
                while e < end {
                    let edge = typedEdges[e]
                    if edgeAccepts(edge, segment) {
                        captures[depth] = Capture(
                            spec: edge.spec,
                            start: Int32(seg),
                            end: Int32(seg + 1),
                            quickCheck: edge.quickCheck
                        )
                        if let found = visit(edge.child, seg + 1, depth + 1) { return found }
                    }
                    e += 1
                }
            }
            if node.absentChild >= 0, let found = visit(node.absentChild, seg, depth) { return found }
            if node.restCount > 0 {
                var e = Int(node.restStart)
                let end = e + Int(node.restCount)
                while e < end {
                    let edge = typedEdges[e]
                    if restAccepts(specs[Int(edge.spec)], from: seg) {
                        captures[depth] = Capture(
                            spec: edge.spec,
                            start: Int32(seg),
                            end: Int32(segments.count),
                            quickCheck: .none
                        )
                        if let found = visit(edge.child, segments.count, depth + 1) { return found }
                    }
                    e += 1
                }
            }
            return nil
        }

        @inline(__always)
        func edgeAccepts(_ edge: TypedEdge, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
            switch edge.quickCheck {
            case .string: return true  // non-empty, checked by the caller
            case .int: return ByteParsing.int64(segment) != nil
            case .uint: return ByteParsing.uint64(segment) != nil
            case .slug:
                for b in segment where !ByteParsing.isSlugByte(b) { return false }
                return true
            case .none: return specs[Int(edge.spec)].accepts(segment)
            }
        }

        /// Binary search over the node's literal edges, sorted by (length, bytes).
        @inline(__always)
        func literalChild(_ node: Node, _ segment: UnsafeBufferPointer<UInt8>) -> Int32? {
            var low = Int(node.literalStart)
            var high = low + Int(node.literalCount)
            let count = segment.count
            guard let segBase = segment.baseAddress else { return nil }
            let bytes = literalBytes.baseAddress!  // non-empty whenever an edge exists
            while low < high {
                let mid = (low + high) >> 1
                let edge = literalEdges[mid]
                var order = Int(edge.length) - count
                if order == 0 { order = ByteParsing.memcmpBytes(bytes + Int(edge.offset), segBase, count) }
                if order == 0 { return edge.child }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }

        /// Rest-of-path takes one or more non-empty segments; length constraints apply to the joined text.
        func restAccepts(_ spec: ParamSpec, from seg: Int) -> Bool {
            guard seg < segments.count else { return false }
            var scalars = 0
            for i in seg..<segments.count {
                let s = segments[i]
                if s.isEmpty { return false }
                if spec.minLength != nil || spec.maxLength != nil {
                    for b in s where b & 0xC0 != 0x80 { scalars += 1 }
                    if i > seg { scalars += 1 }
                }
            }
            if let minLength = spec.minLength, scalars < minLength { return false }
            if let maxLength = spec.maxLength, scalars > maxLength { return false }
            return true
        }
    }
}
