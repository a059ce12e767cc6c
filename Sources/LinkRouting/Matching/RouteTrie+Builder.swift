extension RouteTrie {
    /// Mutable trie under construction; ``build()`` freezes it.
    final class Builder {
        final class Node {
            var literals: [[UInt8]: Node] = [:]
            var typed: [ParamSpec: Node] = [:]
            var rest: [ParamSpec: Node] = [:]
            var absent: Node?
            var terminals: [(route: Route, names: [String])] = []
            /// Set by ``build()``: the node's index in the frozen array.
            var id: Int32 = -1
        }

        let root = Node()
        private var routes: [Int: Route] = [:]
        private var maxLevels = 1

        /// Adds one variant of `route`.
        func insert(_ variant: [VariantElement], for route: Route) {
            var node = root
            var names: [String] = []
            routes[route.index] = route
            maxLevels = Swift.max(maxLevels, variant.count + 1)
            for element in variant {
                switch element {
                case .literal(let bytes):
                    node = child(&node.literals, bytes)
                case .placeholder(let name, let spec):
                    names.append(name)
                    let key = spec.edgeKey
                    node = spec.type == .path ? child(&node.rest, key) : child(&node.typed, key)
                case .absent:
                    if node.absent == nil { node.absent = Node() }
                    node = node.absent!  // set just above
                }
            }
            node.terminals.append((route, names))
        }

        /// Sets ``TypedEdge/alone`` on the edges of `edges[start...]` (one node's) that share their kind with none.
        private static func countKinds(_ edges: inout [TypedEdge], from start: Int) {
            var e = start
            while e < edges.count {
                var end = e + 1
                while end < edges.count && edges[end].rank >> 4 == edges[e].rank >> 4 { end += 1 }
                for i in e..<end { edges[i].alone = end - e == 1 }
                e = end
            }
        }

        /// Appends a hash table of one node's literal `edges` (their bytes in `bytes`) to `slots`:
        /// a power of two at least twice their count, each edge at its hash or after it.
        /// - Returns: where the table starts and its size minus one (0 for a node without literals).
        private static func addSlots(
            for edges: ArraySlice<LiteralEdge>,
            bytes: [UInt8],
            to slots: inout [LiteralSlot]
        ) -> (start: Int32, mask: Int32) {
            guard !edges.isEmpty else { return (0, 0) }
            var size = 2
            while size < 2 * edges.count { size *= 2 }
            let start = slots.count
            slots += repeatElement(LiteralSlot(), count: size)
            for edge in edges {
                var h = RouteTrie.literalHash(edge.prefix, length: Int(edge.length)) & (size - 1)
                while slots[start + h].child >= 0 { h = (h + 1) & (size - 1) }
                let literal = Int(edge.offset)..<Int(edge.offset + edge.length)
                slots[start + h] = LiteralSlot(
                    prefix: edge.prefix,
                    tail: edge.length > 8 ? bytes[literal].withUnsafeBufferPointer { RouteTrie.tailKey($0) } : 0,
                    length: edge.length,
                    child: edge.child,
                    offset: edge.offset
                )
            }
            return (Int32(start), Int32(size - 1))
        }

        private func child<K: Hashable>(_ map: inout [K: Node], _ key: K) -> Node {
            if let existing = map[key] { return existing }
            let node = Node()
            map[key] = node
            return node
        }

        /// The nodes depth-first, each before its children, in the search's order of edges: a
        /// node is followed by the path its first edge leads to, so that the nodes of a route's
        /// path lie nearer each other than breadth-first, where a level's nodes come together.
        private func depthFirst() -> [Node] {
            var order: [Node] = []
            var pending: [Node] = [root]
            while let node = pending.popLast() {
                node.id = Int32(order.count)
                order.append(node)
                var children = Self.sortedLiterals(node).map(\.value)
                children += node.typed.sorted(by: { $0.key.edgeRank < $1.key.edgeRank }).map(\.value)
                children += node.rest.sorted(by: { $0.key.edgeRank < $1.key.edgeRank }).map(\.value)
                if let absent = node.absent { children.append(absent) }
                pending += children.reversed()
            }
            return order
        }

        /// A node's literal edges by (length, bytes): the order of ``RouteTrie/literalEdges``.
        private static func sortedLiterals(_ node: Node) -> [(key: [UInt8], value: Node)] {
            node.literals.sorted { a, b in
                a.key.count != b.key.count ? a.key.count < b.key.count : a.key.lexicographicallyPrecedes(b.key)
            }
        }

        /// Flattens the trie depth-first (see ``depthFirst()``), edges in priority order.
        func build() -> RouteTrie {
            let order = depthFirst()
            var head = 0
            var frozen: [RouteTrie.Node] = []
            var literalEdges: [LiteralEdge] = []
            var literalBytes: [UInt8] = []
            var nodeLiterals: [Range<Int>] = []
            var literalSlots: [LiteralSlot] = []
            var typedEdges: [TypedEdge] = []
            var specs: [ParamSpec] = []
            var specIndex: [ParamSpec: Int32] = [:]
            var terminals: [Terminal] = []
            var terminalNames: [String] = []
            var captureNames: [String] = []
            var captureNameIDs: [String: Int] = [:]
            var maxCaptures = 0
            var rankOf: [Int: Int32] = [:]
            for (rank, route) in routes.values.sorted(by: Route.precedes).enumerated() {
                rankOf[route.index] = Int32(rank)
            }

            func indexOf(_ spec: ParamSpec) -> Int32 {
                if let i = specIndex[spec] { return i }
                specs.append(spec)
                specIndex[spec] = Int32(specs.count - 1)
                return Int32(specs.count - 1)
            }

            while head < order.count {
                let node = order[head]
                head += 1
                var out = RouteTrie.Node()
                let literalStart = literalEdges.count
                for (bytes, child) in Self.sortedLiterals(node) {
                    literalEdges.append(
                        LiteralEdge(
                            offset: Int32(literalBytes.count),
                            length: Int32(bytes.count),
                            child: child.id,
                            prefix: bytes.withUnsafeBufferPointer { RouteTrie.prefixKey($0) }
                        )
                    )
                    literalBytes.append(contentsOf: bytes)
                }
                nodeLiterals.append(literalStart..<literalEdges.count)
                (out.slotStart, out.slotMask) = Self.addSlots(
                    for: literalEdges[literalStart...],
                    bytes: literalBytes,
                    to: &literalSlots
                )
                out.typedStart = Int32(typedEdges.count)
                for (spec, child) in node.typed.sorted(by: { $0.key.edgeRank < $1.key.edgeRank }) {
                    typedEdges.append(
                        TypedEdge(
                            spec: indexOf(spec),
                            child: child.id,
                            quickCheck: QuickCheck(spec),
                            rank: spec.kindCode
                        )
                    )
                }
                out.typedCount = Int32(node.typed.count)
                Self.countKinds(&typedEdges, from: Int(out.typedStart))
                // Rest-of-path edges right after the typed ones: see ``RouteTrie/Node/restStart``.
                for (spec, child) in node.rest.sorted(by: { $0.key.edgeRank < $1.key.edgeRank }) {
                    typedEdges.append(
                        TypedEdge(spec: indexOf(spec), child: child.id, quickCheck: .none, rank: spec.kindCode)
                    )
                }
                out.restCount = Int32(node.rest.count)
                Self.countKinds(&typedEdges, from: Int(out.restStart))
                if let absent = node.absent { out.absentChild = absent.id }
                out.terminalStart = Int32(terminals.count)
                for (route, names) in node.terminals.sorted(by: { Route.precedes($0.route, $1.route) }) {
                    terminals.append(
                        Terminal(
                            route: Int32(route.index),
                            namesStart: Int32(terminalNames.count),
                            sourceID: Int32(route.sourceID),
                            plain: route.pattern.queryLiterals.isEmpty
                                && !route.query.contains(where: \.declaration.isRequired),
                            declaresQuery: !route.query.isEmpty,
                            rank: rankOf[route.index] ?? 0,
                            nameIDs: Terminal.nameIDs(names, in: &captureNames, &captureNameIDs)
                        )
                    )
                    terminalNames.append(contentsOf: names)
                    maxCaptures = Swift.max(maxCaptures, names.count)
                }
                out.terminalCount = Int32(node.terminals.count)
                out.setChoices()
                frozen.append(out)
            }
            return RouteTrie(
                nodes: frozen,
                literalEdges: literalEdges,
                nodeLiterals: nodeLiterals,
                literalBytes: literalBytes,
                literalSlots: literalSlots,
                typedEdges: typedEdges,
                specs: specs,
                terminals: terminals,
                terminalNames: terminalNames,
                captureNames: captureNames,
                maxCaptures: maxCaptures,
                maxLevels: maxLevels
            )
        }
    }
}
