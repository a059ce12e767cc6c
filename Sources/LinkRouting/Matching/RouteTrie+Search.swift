/// One captured placeholder: the spec it was checked against and the segments it took.
struct Capture {
    var spec: Int32
    var start: Int32
    var end: Int32
    /// Lets the result be converted without touching the spec table.
    var quickCheck: RouteTrie.QuickCheck
}

extension RouteTrie {
    /// A terminal reached by the search: its index, how many captures its path made, and where its
    /// path ends in the kinds buffer.
    struct Found {
        var terminal: Int32
        var captures: Int
        var endLevel: Int
    }

    /// Depth-first search for the most specific terminal that `acceptor` takes.
    ///
    /// - Parameters:
    ///   - segments: decoded path segments.
    ///   - captures: room for one capture per segment; the winning path's captures are left in it.
    ///   - kinds: room for the kinds along a path, at least ``maxLevels``.
    ///   - acceptor: checks a terminal's route against what the trie cannot see (source, query).
    ///   - exhaustive: skip the loop that follows the search's first choices (``Walker/descend()``)
    ///     and search at once; for tests, which compare the two.
    /// - Returns: the terminal index and the number of captures, or `nil`.
    @inline(__always)
    func search(
        _ segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        captures: UnsafeMutablePointer<Capture>,
        kinds: UnsafeMutableBufferPointer<UInt8>,
        acceptor: Acceptor,
        exhaustive: Bool
    ) -> (terminal: Int32, captures: Int)? {
        // The tables are never empty (see ``frozen(_:alignment:)``), nor is `kinds`: their base
        // addresses exist, and are taken without a check.
        let walker = Walker(
            trie: Unmanaged.passUnretained(self),
            nodes: UnsafePointer(nodes.baseAddress.unsafelyUnwrapped),
            terminals: UnsafePointer(terminals.baseAddress.unsafelyUnwrapped),
            literalSlots: UnsafePointer(literalSlots.baseAddress.unsafelyUnwrapped),
            typedEdges: UnsafePointer(typedEdges.baseAddress.unsafelyUnwrapped),
            segments: segments,
            captures: captures,
            kinds: kinds.baseAddress.unsafelyUnwrapped,
            acceptor: acceptor,
            sourceID: Int32(truncatingIfNeeded: acceptor.sourceID)
        )
        if !exhaustive {
            switch walker.descend() {
            case .found(let terminal, let depth): return (terminal, depth)
            case .none: return nil
            case .undecided: break
            }
        }
        return walker.visit(0, 0, 0, 0).map { ($0.terminal, $0.captures) }
    }

    /// The search state: flat views of the trie and of the URL (plain data, no reference counting).
    ///
    /// Edges are tried in SPEC's kind order: literal, constrained types, `slug`, `string`, an absent
    /// optional group, rest-of-path. The first kind that leads to a terminal wins; within one kind,
    /// every edge that takes the segment is searched and the candidates compared (see
    /// `RouteTrie+Ties.swift`). `kinds[level]` records the kind of the edge taken at each level.
    struct Walker {
        /// The trie, alive for the whole search; its tables that each step reads are below, as
        /// base addresses (a word each to set up, where a buffer takes two).
        let trie: Unmanaged<RouteTrie>
        let nodes: UnsafePointer<Node>
        let terminals: UnsafePointer<Terminal>
        let literalSlots: UnsafePointer<LiteralSlot>
        let typedEdges: UnsafePointer<TypedEdge>
        let segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
        let captures: UnsafeMutablePointer<Capture>
        let kinds: UnsafeMutablePointer<UInt8>
        let acceptor: Acceptor
        /// The URL's source, for terminals pinned to one.
        let sourceID: Int32

        func visit(_ nodeIndex: Int32, _ seg: Int, _ depth: Int, _ level: Int) -> Found? {
            let node = nodes[Int(nodeIndex)]
            if seg == segments.count {
                var t = node.terminalStart
                let end = node.terminalStart + node.terminalCount
                while t < end {
                    let terminal = terminals[Int(t)]
                    if terminal.sourceID < 0 || terminal.sourceID == sourceID, terminal.plain || acceptor.accepts(t) {
                        kinds[level] = Kind.end
                        return Found(terminal: t, captures: depth, endLevel: level + 1)
                    }
                    t += 1
                }
                guard node.absentChild >= 0 else { return nil }
                kinds[level] = Kind.absent
                return visit(node.absentChild, seg, depth, level + 1)
            }
            let segment = segments[seg]
            if node.hasLiterals, let child = literalChild(node, segment) {
                kinds[level] = Kind.literal
                if let found = visit(child, seg + 1, depth, level + 1) { return found }
            }
            if node.typedCount > 0 && !segment.isEmpty {
                var e = Int(node.typedStart)
                let end = e + Int(node.typedCount)
                while e < end {
                    let edge = typedEdges[e]
                    if edge.alone {
                        // The usual case: no other edge of this kind to compare with.
                        e += 1
                        guard edgeAccepts(edge, segment) else { continue }
                        captures[depth] = Capture(
                            spec: edge.spec,
                            start: Int32(seg),
                            end: Int32(seg + 1),
                            quickCheck: edge.quickCheck
                        )
                        kinds[level] = edge.rank
                        if let found = visit(edge.child, seg + 1, depth + 1, level + 1) { return found }
                        continue
                    }
                    let kind = edge.rank >> 4
                    var kindEnd = e + 1
                    while kindEnd < end && typedEdges[kindEnd].rank >> 4 == kind { kindEnd += 1 }
                    if let found = bestOfKind(e..<kindEnd, seg, depth, level) { return found }
                    e = kindEnd
                }
            }
            if node.absentChild >= 0 {
                kinds[level] = Kind.absent
                if let found = visit(node.absentChild, seg, depth, level + 1) { return found }
            }
            if node.restCount > 0 {
                let start = Int(node.restStart)
                return bestOfKind(start..<(start + Int(node.restCount)), seg, depth, level)
            }
            return nil
        }

        /// The spec of `edge`, from the trie (not every search needs one: no view of them is set up).
        @inline(__always)
        func spec(_ edge: TypedEdge) -> ParamSpec {
            trie._withUnsafeGuaranteedRef { $0.specs[Int(edge.spec)] }
        }

        /// Whether `edge` takes the segment at `seg` (a rest edge: all remaining segments).
        @inline(__always)
        func takes(_ edge: TypedEdge, _ seg: Int) -> Bool {
            edge.rank >> 4 == Kind.rest >> 4
                ? restAccepts(spec(edge), from: seg) : edgeAccepts(edge, segments[seg])
        }

        @inline(__always)
        func edgeAccepts(_ edge: TypedEdge, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
            // `string`, the usual placeholder, by a compare (non-empty, checked by the caller);
            // the other checks apart, out of the way of the walk's code.
            edge.quickCheck == .string || checks(edge, segment)
        }

        /// ``edgeAccepts(_:_:)`` for the edges that check their segment.
        @inline(never)
        func checks(_ edge: TypedEdge, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
            switch edge.quickCheck {
            case .string: return true
            case .int: return ByteParsing.int64(segment) != nil
            case .uint: return ByteParsing.uint64(segment) != nil
            case .slug:
                for b in segment where !ByteParsing.isSlugByte(b) { return false }
                return true
            case .none: return spec(edge).accepts(segment)
            }
        }

        /// The node's literal edge equal to `segment`, through its hash table: the length and the
        /// first and last eight bytes compare as words, the rest (literals of over 16 bytes only)
        /// as words too.
        @inline(__always)
        func literalChild(_ node: Node, _ segment: UnsafeBufferPointer<UInt8>) -> Int32? {
            guard segment.baseAddress != nil else { return nil }
            let count = segment.count
            let key = RouteTrie.prefixKey(segment)
            let start = Int(node.slotStart)
            let mask = Int(node.slotMask)
            var h = RouteTrie.literalHash(key, length: count) & mask
            // At most half the slots are taken: the probe always reaches an empty one.
            while true {
                let slot = literalSlots[start + h]
                if slot.child < 0 { return nil }
                if slot.holds(segment, count: count, key: key, trie) { return slot.child }
                h = (h + 1) & mask
            }
        }

        /// Rest-of-path takes one or more non-empty segments; length constraints apply to the joined text.
        @inline(__always)
        func restAccepts(_ spec: ParamSpec, from seg: Int) -> Bool {
            RouteTrie.restAccepts(spec, segments, from: seg)
        }
    }

    /// Whether a rest-of-path placeholder of `spec` takes `segments[seg...]`: one or more non-empty
    /// segments, with length constraints on the text joined with `/`.
    static func restAccepts(
        _ spec: ParamSpec,
        _ segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        from seg: Int
    ) -> Bool {
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
