import Testing

@testable import LinkRouting

/// The frozen trie's layout: each node one cache line at most, its choice flags and rest count
/// sharing one word, and each literal edge reachable through its node's hash table with what the
/// search compares (length, first eight bytes) and where its bytes are.
@Suite struct TrieLayoutTests {
    static let routes: [(String, String)] = [
        ("root", "/"), ("a", "/a"), ("ab", "/a/b"), ("long", "/a/a-literal-longer-than-eight"),
        ("typed", "/a/{id:int}"), ("str", "/a/{s}/x"), ("rest", "/r/{rest:path}"), ("both", "/r/{n:uint}/{more:path}"),
        ("opt", "/o[/{x:int}]/end"), ("web", "https://shop.example.com/w/{w}"),
    ]

    @Test func nodesAreHalfALineOnLineBoundaries() throws {
        let trie = try makeTable(Self.routes).trie
        #expect(MemoryLayout<RouteTrie.Node>.stride == 32)
        let base = try #require(trie.nodes.baseAddress)
        #expect(Int(bitPattern: base) % 64 == 0)
    }

    @Test func choiceFlagsAndRestCountShareAWord() throws {
        let trie = try makeTable(Self.routes).trie
        var restNodes = 0
        for node in trie.nodes {
            let afterTyped = node.absentChild >= 0 || node.restCount > 0
            #expect(node.choicesAfterTyped == afterTyped)
            #expect(node.choicesAfterLiteral == (node.typedCount > 0 || afterTyped))
            #expect(node.restCount >= 0)
            if node.restCount > 0 { restNodes += 1 }
        }
        #expect(restNodes == 2)
        var node = RouteTrie.Node()
        node.restCount = 3
        node.setChoices()
        #expect(node.restCount == 3 && node.choicesAfterTyped && node.choicesAfterLiteral)
    }

    @Test func everyLiteralEdgeIsInItsNodesSlots() throws {
        let trie = try makeTable(Self.routes).trie
        var found = 0
        for (index, node) in trie.nodes.enumerated() {
            let literals = trie.nodeLiterals[index]
            #expect(node.hasLiterals == !literals.isEmpty)
            guard node.hasLiterals else { continue }
            let size = Int(node.slotMask) + 1
            #expect(size >= 2 * literals.count && size & (size - 1) == 0)
            let start = Int(node.slotStart)
            for e in literals {
                let edge = trie.literalEdges[e]
                let slots = (start..<(start + size)).filter { trie.literalSlots[$0].child == edge.child }
                #expect(slots.count == 1)
                guard let slot = slots.first else { continue }
                #expect(trie.literalSlots[slot].length == edge.length)
                #expect(trie.literalSlots[slot].prefix == edge.prefix)
                #expect(trie.literalSlots[slot].offset == edge.offset)
                found += 1
            }
            let taken = (start..<(start + size)).filter { trie.literalSlots[$0].child >= 0 }
            #expect(taken.count == literals.count)
        }
        #expect(found == trie.literalEdges.count)
    }
}
