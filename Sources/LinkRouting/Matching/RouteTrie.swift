/// The frozen matcher: a trie of path elements flattened into arrays, built once by
/// ``RouteTrie/Builder`` and then only read (safe to share across threads).
///
/// Each node lists its edges in priority order: literal, typed (constrained types, then `slug`,
/// then `string`), the absent-optional edge, then rest-of-path. A depth-first search in that order
/// finds the most specific route first, whatever the declaration order.
///
/// - Important: `@unchecked Sendable` because the plain-data tables are raw buffers: they are
///   written once in `init`, freed in `deinit` and never mutated in between, so any thread may
///   read them. Raw buffers keep the search free of reference counting (a third of its cost
///   with arrays).
@usableFromInline final class RouteTrie: @unchecked Sendable {
    /// One node, in 32 bytes: the nodes are laid out on 64-byte boundaries, so that every node a
    /// search reads is one cache line (the walk reads one node per level, from L2 after a
    /// request's buffers have emptied L1).
    struct Node {
        /// The node's hash table of literal edges: `literalSlots[slotStart...(slotStart + slotMask)]`;
        /// a mask of 0 when the node has no literal edge.
        var slotStart: Int32 = 0
        var slotMask: Int32 = 0
        var typedStart: Int32 = 0
        var typedCount: Int32 = 0
        /// How many rest-of-path edges follow the typed ones in ``RouteTrie/typedEdges`` (see
        /// ``restStart``), shifted left by two; bit 0 is ``choicesAfterTyped``, bit 1
        /// ``choicesAfterLiteral`` (set by ``setChoices()``), read with the count in one load.
        private var restAndChoices: Int32 = 0
        var absentChild: Int32 = -1
        var terminalStart: Int32 = 0
        var terminalCount: Int32 = 0

        /// The node has literal edges.
        var hasLiterals: Bool { slotMask != 0 }
        /// The first rest-of-path edge in ``RouteTrie/typedEdges``.
        var restStart: Int32 { typedStart + typedCount }
        /// How many rest-of-path edges the node has.
        var restCount: Int32 {
            get { restAndChoices >> 2 }
            set { restAndChoices = newValue << 2 | restAndChoices & 3 }
        }
        /// The node has absent-optional or rest-of-path edges: other choices than its typed edges.
        var choicesAfterTyped: Bool { restAndChoices & 1 != 0 }
        /// The node has typed, absent-optional or rest-of-path edges: other choices than a literal.
        var choicesAfterLiteral: Bool { restAndChoices & 2 != 0 }

        /// Records the choices the node's edges offer, once they are all set.
        mutating func setChoices() {
            let afterTyped = absentChild >= 0 || restCount > 0
            let afterLiteral = typedCount > 0 || afterTyped
            restAndChoices = restAndChoices & ~3 | (afterTyped ? 1 : 0) | (afterLiteral ? 2 : 0)
        }
    }

    /// A literal edge; edges of one node are sorted by (length, bytes). Read by the diagnostics:
    /// the search finds an edge through the node's hash table (``RouteTrie/literalSlots``).
    struct LiteralEdge {
        var offset: Int32
        var length: Int32
        var child: Int32
        /// The first eight bytes (fewer: zero-padded) as a big-endian word, see ``RouteTrie/prefixKey(_:)``:
        /// one compare orders edges of one length on their first eight bytes.
        var prefix: UInt64
    }

    /// A slot of a node's hash table of literal edges: what a probe compares, and where it leads,
    /// in one read (32 bytes: two to a cache line). An empty slot has a negative child.
    struct LiteralSlot {
        /// The edge's ``LiteralEdge/prefix``.
        var prefix: UInt64 = 0
        /// For a literal longer than eight bytes, its last eight (``tailKey(_:)``), so that one of
        /// up to 16 bytes is compared without reading its bytes elsewhere; 0 otherwise.
        var tail: UInt64 = 0
        var length: Int32 = 0
        var child: Int32 = -1
        /// Where the literal's bytes start in ``RouteTrie/literalBytes``: read only for literals
        /// longer than 16 bytes.
        var offset: Int32 = 0

        /// Whether the slot's literal is `segment`, of `count` bytes, whose ``prefixKey(_:)`` is `key`.
        @inline(__always)
        func holds(_ segment: UnsafeBufferPointer<UInt8>, count: Int, key: UInt64, _ trie: Unmanaged<RouteTrie>) -> Bool
        {
            guard length == count && prefix == key else { return false }
            return count <= 8 || (tail == tailKey(segment) && (count <= 16 || middleEquals(segment, trie)))
        }

        /// Whether bytes 8 to `count - 8` of the literal, longer than 16 bytes, are `segment`'s.
        @inline(never)
        func middleEquals(_ segment: UnsafeBufferPointer<UInt8>, _ trie: Unmanaged<RouteTrie>) -> Bool {
            trie._withUnsafeGuaranteedRef { trie in
                guard let bytes = trie.literalBytes.baseAddress, let base = segment.baseAddress else { return false }
                return ByteKeys.equal(bytes + Int(offset) + 8, base + 8, segment.count - 16)
            }
        }
    }

    /// The last eight bytes of `bytes`, longer than eight, as a word (native order: compared for
    /// equality only).
    @inline(__always)
    static func tailKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return 0 }
        return UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
    }

    struct TypedEdge {
        var spec: Int32
        var child: Int32
        /// A check the walker runs without touching the spec table (plain data, no reference counting).
        var quickCheck: QuickCheck
        /// The edge's kind (high nibble, SPEC's priority order) and its type's place within the kind.
        var rank: UInt8
        /// The only edge of its kind in its node: no tie-break is needed, so the search takes it
        /// directly (decided when the trie is built).
        var alone: Bool = true
    }

    /// Kind codes recorded along a search path; the high nibble is SPEC's kind order.
    enum Kind {
        static let literal: UInt8 = 0x00
        static let end: UInt8 = 0x40
        static let absent: UInt8 = 0x50
        static let rest: UInt8 = 0x60
    }

    /// Unconstrained common types checked inline; everything else goes through ``ParamSpec/accepts(_:)``.
    enum QuickCheck: UInt8 {
        case none, string, int, uint, slug

        init(_ spec: ParamSpec) {
            guard !spec.isConstrained else {
                self = .none
                return
            }
            switch spec.type {
            case .string: self = .string
            case .int: self = .int
            case .uint: self = .uint
            case .slug: self = .slug
            default: self = .none
            }
        }
    }

    /// A route (one of its variants) ending at a node. `names` lists the names of the captures
    /// made along the path to this node, in order.
    @usableFromInline struct Terminal: BitwiseCopyable {
        @usableFromInline var route: Int32
        var namesStart: Int32
        /// The source the route is pinned to, or -1: checked inline by the search.
        var sourceID: Int32
        /// The route has no query literal or required query param: reaching it from its source is enough.
        var plain: Bool
        /// The route declares query params, which the match computes.
        var declaresQuery: Bool
        /// The route's place in ``Route/precedes(_:_:)`` order: the last word when whole paths tie.
        var rank: Int32
        /// The names of the captures, for up to ``inlineNames`` of them, as indices into
        /// ``RouteTrie/captureNames`` (a byte each, the first lowest); ``noInlineNames`` when
        /// there are more, or more distinct names than a byte counts. The few names of a table
        /// are read by every match and stay in the caches, where the names of each terminal in
        /// ``RouteTrie/terminalNames`` are a line of their own, missed after a while. A terminal
        /// stays 24 bytes.
        var nameIDs: UInt32

        static let inlineNames = 4
        static let noInlineNames = UInt32.max

        /// The ``nameIDs`` of a terminal whose captures are `names`, adding names not seen yet to
        /// `captureNames` (`ids` finds where each is). Only names held in a string's own two words
        /// (up to 15 bytes) are shared: one shared string of more is the object of the first route
        /// that has it, and a renderer that finds a route's keys by the bits of its names would
        /// miss it for every other route. A terminal with such a name keeps its own.
        static func nameIDs(_ names: [String], in captureNames: inout [String], _ ids: inout [String: Int]) -> UInt32 {
            guard names.count <= inlineNames else { return noInlineNames }
            var packed: UInt32 = 0
            for (i, name) in names.enumerated() {
                guard SmallStringLayout.words(of: name) != nil else { return noInlineNames }
                let id = ids[name] ?? captureNames.count
                if id == captureNames.count {
                    captureNames.append(name)
                    ids[name] = id
                }
                // 0xFF stays free: four of them are `noInlineNames`.
                guard id < 0xFF else { return noInlineNames }
                packed |= UInt32(id) << UInt32(8 * i)
            }
            return packed
        }

        /// The index into ``RouteTrie/captureNames`` of the name of capture `i`, below the
        /// terminal's count; ``nameIDs`` is not ``noInlineNames``.
        @inline(__always)
        func nameID(_ i: Int) -> Int {
            Int(truncatingIfNeeded: nameIDs >> UInt32(truncatingIfNeeded: 8 * i) & 0xFF)
        }
    }

    let nodes: UnsafeMutableBufferPointer<Node>
    /// Each node's literal edges (``nodeLiterals``), for the diagnostics.
    let literalEdges: [LiteralEdge]
    /// Per node, its literal edges: `literalEdges[nodeLiterals[node]]`.
    let nodeLiterals: [Range<Int>]
    let literalBytes: UnsafeMutableBufferPointer<UInt8>
    /// Per node with literal edges, an open-addressing table (a power of two, at most half full)
    /// of its literal edges by ``literalHash(_:length:)``.
    let literalSlots: UnsafeMutableBufferPointer<LiteralSlot>
    let typedEdges: UnsafeMutableBufferPointer<TypedEdge>
    @usableFromInline let terminals: UnsafeMutableBufferPointer<Terminal>
    let specs: [ParamSpec]
    let terminalNames: [String]
    /// Each capture name of the table once, for ``Terminal/nameIDs``.
    let captureNames: [String]
    /// ``captureNames`` as their two words each (all of them small strings, see
    /// ``Terminal/nameIDs(_:in:_:)``): a name made from its words is handed over without a retain.
    let captureNameWords: [(UInt64, UInt64)]
    /// The deepest number of captures any path makes.
    let maxCaptures: Int
    /// The most edges any path takes, plus one for its end.
    let maxLevels: Int

    init(
        nodes: [Node],
        literalEdges: [LiteralEdge],
        nodeLiterals: [Range<Int>],
        literalBytes: [UInt8],
        literalSlots: [LiteralSlot],
        typedEdges: [TypedEdge],
        specs: [ParamSpec],
        terminals: [Terminal],
        terminalNames: [String],
        captureNames: [String],
        maxCaptures: Int,
        maxLevels: Int
    ) {
        self.nodes = Self.frozen(nodes, alignment: 64)
        self.literalEdges = literalEdges
        self.nodeLiterals = nodeLiterals
        self.literalBytes = Self.frozen(literalBytes)
        // Slots of 32 bytes from a line's start: a probe reads one line.
        self.literalSlots = Self.frozen(literalSlots, alignment: 64)
        self.typedEdges = Self.frozen(typedEdges)
        self.terminals = Self.frozen(terminals)
        self.specs = specs
        self.terminalNames = terminalNames
        self.captureNames = captureNames
        captureNameWords = captureNames.map { SmallStringLayout.words(of: $0) ?? (0, 0) }
        self.maxCaptures = maxCaptures
        self.maxLevels = maxLevels
    }

    deinit {
        // Plain data only: nothing to deinitialise.
        nodes.deallocate()
        literalBytes.deallocate()
        literalSlots.deallocate()
        typedEdges.deallocate()
        terminals.deallocate()
    }

    /// Up to the first eight bytes of `bytes` as a big-endian word, zero-padded on the right, so
    /// that comparing two keys of byte strings of one length orders them as their first bytes do.
    @inline(__always)
    static func prefixKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        if n >= 8 { return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) }
        if n >= 4 {
            // Two overlapping 4-byte loads; the bytes they share are equal, so OR joins them.
            let head = UInt64(UInt32(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(bigEndian: UnsafeRawPointer(base + n - 4).loadUnaligned(as: UInt32.self)))
            return head << 32 | tail << UInt64(64 - 8 * n)
        }
        var key: UInt64 = 0
        for i in 0..<n { key |= UInt64(base[i]) << UInt64(56 - 8 * i) }
        return key
    }

    /// Where a literal of `length` bytes whose ``prefixKey(_:)`` is `key` starts probing in a table
    /// of literal slots (before masking): a multiplicative hash, its high bits.
    @inline(__always)
    static func literalHash(_ key: UInt64, length: Int) -> Int {
        Int(truncatingIfNeeded: ((key ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    /// A raw copy of plain-data `values` (never empty, so the base address always exists),
    /// starting on a multiple of `alignment` bytes when it is more than the type's own.
    private static func frozen<T: BitwiseCopyable>(_ values: [T], alignment: Int = 0) -> UnsafeMutableBufferPointer<T> {
        let capacity = Swift.max(values.count, 1)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * MemoryLayout<T>.stride,
            alignment: Swift.max(alignment, MemoryLayout<T>.alignment)
        )
        // Freed by `deinit` through the typed pointer: the memory is bound to `T` for its lifetime.
        let buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: capacity), count: capacity)
        _ = buffer.initialize(from: values)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<values.count])
    }
}

extension ParamSpec {
    /// The spec as a trie edge, in a canonical form: enum members sorted (`enum(a|b)` is
    /// `enum(b|a)`), and a `min_length` of 0 or 1 dropped (segments are never empty).
    var edgeKey: ParamSpec {
        if case .enum(let values) = type { return ParamSpec(.enum(values.sorted())) }
        if let minLength, minLength <= 1 {
            return (try? ParamSpec(type: type, min: min, max: max, maxLength: maxLength)) ?? self
        }
        return self
    }

    /// The edge's kind code: constrained types 0x1_, slug 0x2_, string 0x3_, rest 0x6_, with the
    /// low nibble ordering types within their kind (a tie-break only).
    var kindCode: UInt8 {
        let (kind, within, _) = edgeRank
        let codes: [UInt8] = [0x10, 0x20, 0x30, RouteTrie.Kind.rest]
        return codes[kind] | UInt8(Swift.min(within, 15))
    }

    /// Sort key for typed edges of one node: constrained types (enum, bool, uuid, date, int, uint,
    /// float; with constraints before without), then slug, then string. Rest-of-path edges sit apart.
    var edgeRank: (Int, Int, String) {
        let constrained = isConstrained ? 0 : 1
        switch type {
        case .enum: return (0, 0 + constrained, text)
        case .bool: return (0, 2 + constrained, text)
        case .uuid: return (0, 4 + constrained, text)
        case .date: return (0, 6 + constrained, text)
        case .int: return (0, 8 + constrained, text)
        case .uint: return (0, 10 + constrained, text)
        case .float: return (0, 12 + constrained, text)
        case .slug: return (1, constrained, text)
        case .string: return (2, constrained, text)
        case .path: return (3, constrained, text)
        }
    }
}
