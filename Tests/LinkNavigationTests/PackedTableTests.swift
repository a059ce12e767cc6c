import Testing

@testable import LinkNavigation

/// The open-addressing table behind each shard: growth, removal by backward shift, sweeping.
@Suite struct PackedTableTests {
    typealias Table = SessionStore.PackedTable<MintedIDHasher>

    /// Places ids 0, 1, 2... in home buckets 13, 14, 15, 13... of 16 (or fewer), so that clusters
    /// wrap around the end of the table.
    struct Colliding: PackedIDHashing {
        let buckets: UInt64
        func hash(_ id: PackedID) -> UInt64 { (13 &+ id.high % buckets) << 28 | (id.high << 32) }
    }

    static func slot(_ version: Int, lastAccess: Int64 = 0) -> SessionStore.Slot {
        SessionStore.Slot(
            stack: [],
            attributes: [:],
            parked: nil,
            version: version,
            nextEntryNumber: 1,
            lastAccess: lastAccess
        )
    }

    static func id(_ n: Int) -> PackedID { PackedID(high: UInt64(n), low: ~UInt64(n)) }

    /// Every id is found at an entry holding its slot, and the buckets are at most 3/4 full.
    static func expectConsistent<H>(
        _ table: borrowing SessionStore.PackedTable<H>,
        ids: some Sequence<Int>,
        hash: (PackedID) -> UInt64
    ) {
        var count = 0
        for n in ids {
            let found = table.find(id(n), hash: hash(id(n)))
            #expect(found.map { table.slot(at: $0).version } == n)
            count += 1
        }
        #expect(table.count == count)
        #expect(table.bucketCount >= count * 4 / 3)
    }

    @Test func growsAndFindsEverything() {
        let hasher = MintedIDHasher(k0: 1, k1: 2)
        var table = Table()
        let hash = hasher.hash
        #expect(table.find(Self.id(0), hash: hash(Self.id(0))) == nil)
        for n in 0..<5_000 { table.insert(Self.id(n), hash: hash(Self.id(n)), Self.slot(n), hasher: hasher) }
        Self.expectConsistent(table, ids: 0..<5_000, hash: hash)
        #expect(table.bucketCount == 8_192)
        #expect(table.find(Self.id(5_000), hash: hash(Self.id(5_000))) == nil)
    }

    /// Hashes forced into a few buckets make long clusters that wrap past the table's end: removing
    /// from their middle must shift the rest back so that every id stays reachable.
    @Test(arguments: [1, 7, 15])
    func removalKeepsCollidingClustersReachable(buckets: UInt64) {
        let hasher = Colliding(buckets: buckets)
        var table = SessionStore.PackedTable<Colliding>()
        let hash = hasher.hash
        var live = Set(0..<12)
        for n in live { table.insert(Self.id(n), hash: hash(Self.id(n)), Self.slot(n), hasher: hasher) }
        Self.expectConsistent(table, ids: live, hash: hash)
        for n in [5, 0, 11, 6, 1] {
            guard let position = table.find(Self.id(n), hash: hash(Self.id(n))) else {
                Issue.record("id \(n) not found")
                return
            }
            #expect(table.remove(position: position, hasher: hasher).version == n)
            live.remove(n)
            #expect(table.find(Self.id(n), hash: hash(Self.id(n))) == nil)
            Self.expectConsistent(table, ids: live, hash: hash)
        }
        // Freed places are reused.
        for n in 20..<25 {
            table.insert(Self.id(n), hash: hash(Self.id(n)), Self.slot(n), hasher: hasher)
            live.insert(n)
        }
        Self.expectConsistent(table, ids: live, hash: hash)
    }

    struct Weak {
        weak var box: ParkedBox?
    }

    /// The entries live in memory the table allocates itself: each starts a cache line, and every
    /// slot is released exactly when its entry leaves or the table goes.
    @Test func entriesAreLineAlignedAndReleaseTheirSlots() {
        var boxes: [Weak] = []
        do {
            let hasher = MintedIDHasher()
            var table = Table()
            let hash = hasher.hash
            var aligned = table.entriesAreLineAligned
            for n in 0..<100 {
                let box = ParkedNavigation(url: "shop://\(n)", strategy: nil, via: [], flow: "f", stackBefore: []).box
                boxes.append(Weak(box: box))
                var slot = Self.slot(n)
                slot.parked = box
                table.insert(Self.id(n), hash: hash(Self.id(n)), slot, hasher: hasher)
                aligned = aligned && table.entriesAreLineAligned  // after every growth too
            }
            #expect(aligned)
            #expect(table.removeAll(hasher: hasher) { $0.version % 2 == 0 } == 50)
            #expect(boxes.indices.allSatisfy { (boxes[$0].box == nil) == ($0 % 2 == 0) })
            Self.expectConsistent(table, ids: (0..<100).filter { $0 % 2 == 1 }, hash: hash)
        }
        #expect(boxes.allSatisfy { $0.box == nil })  // the table's end releases the rest
    }

    @Test func removeAllDropsWhatItPicksAndKeepsTheRest() {
        let hasher = MintedIDHasher()
        var table = Table()
        let hash = hasher.hash
        for n in 0..<1_000 {
            table.insert(Self.id(n), hash: hash(Self.id(n)), Self.slot(n, lastAccess: Int64(n)), hasher: hasher)
        }
        #expect(table.removeAll(hasher: hasher) { $0.lastAccess % 3 == 0 } == 334)
        Self.expectConsistent(table, ids: (0..<1_000).filter { $0 % 3 != 0 }, hash: hash)
        #expect(table.removeAll(hasher: hasher) { _ in true } == 666)
        Self.expectConsistent(table, ids: [], hash: hash)
    }

    /// A lookup's shard is one cache line: both tables' words (block, bucket count, count), the lock and
    /// its hooks. A table keeps no hasher, and its size is its own, not an array's header.
    @Test func aShardIsOneLine() {
        #expect(MemoryLayout<SessionStore.Shard>.size <= 64)
        #expect(MemoryLayout<SessionStore.PackedTable<MintedIDHasher>>.size == 16)
    }

    /// The buckets are at most 3/4 full, each a line, and grow 16, 24, 32, 48...: growing moves
    /// the entries over, placed again by their hash.
    @Test func growthPlacesEveryEntryAgain() {
        let hasher = MintedIDHasher(k0: 3, k1: 4)
        var table = Table()
        let (buckets, held) = (table.bucketCount, table.count)
        #expect(buckets == 0 && held == 0)
        for n in 0..<13 {
            table.insert(Self.id(n), hash: hasher.hash(Self.id(n)), Self.slot(n), hasher: hasher)
            #expect(table.bucketCount == (n < 12 ? 16 : 24))
        }
        let aligned = table.entriesAreLineAligned
        #expect(aligned)
        Self.expectConsistent(table, ids: 0..<13, hash: hasher.hash)
        for n in 13..<100 { table.insert(Self.id(n), hash: hasher.hash(Self.id(n)), Self.slot(n), hasher: hasher) }
        #expect(table.bucketCount == 192)  // 128 * 3/4 = 96 < 100 <= 144
        Self.expectConsistent(table, ids: 0..<100, hash: hasher.hash)
    }

    /// Free buckets hold the id 0 (both words), which a client's id in the minted format can
    /// decode to: it is found in no bucket, free or not.
    @Test func theZeroIDIsFoundNowhere() {
        let hasher = MintedIDHasher(k0: 5, k1: 6)
        var table = Table()
        let zero = PackedID(high: 0, low: 0)
        #expect(table.find(zero, hash: 0) == nil)
        for n in 0..<10 { table.insert(Self.id(n), hash: hasher.hash(Self.id(n)), Self.slot(n), hasher: hasher) }
        for bucket in 0..<UInt64(table.bucketCount) { #expect(table.find(zero, hash: bucket) == nil) }
        Self.expectConsistent(table, ids: 0..<10, hash: hasher.hash)
    }

    @Test func theHashIsKeyedAndSpreadsStructuredIDs() {
        let id = PackedID(high: 42, low: 42)
        #expect(MintedIDHasher(k0: 1, k1: 2).hash(id) == MintedIDHasher(k0: 1, k1: 2).hash(id))
        #expect(MintedIDHasher(k0: 1, k1: 2).hash(id) != MintedIDHasher(k0: 1, k1: 3).hash(id))
        #expect(MintedIDHasher(k0: 1, k1: 2).hash(id) != MintedIDHasher(k0: 3, k1: 2).hash(id))
        #expect(MintedIDHasher().hash(id) != MintedIDHasher().hash(id))
        // Ids one bit apart, in either word, land in unrelated buckets and shards.
        let hasher = MintedIDHasher(k0: 7, k1: 8)
        for word in 0..<2 {
            let ids = (0..<64).map { bit in
                word == 0 ? PackedID(high: 1 << UInt64(bit), low: 0) : PackedID(high: 0, low: 1 << UInt64(bit))
            }
            #expect(Set(ids.map { hasher.hash($0) & 0xFFFF }).count > 60)
            #expect(Set(ids.map { hasher.hash($0) >> 40 & 0xF }).count >= 13)  // 64 draws from 16: 15 or 16 is usual
        }
        // The tests' ids (n, ~n) too: a thousand of them fill 1,024 buckets unevenly but never pile up.
        var perBucket: [UInt64: Int] = [:]
        for n in 0..<1_000 { perBucket[hasher.hash(Self.id(n)) & 0x3FF, default: 0] += 1 }
        #expect(perBucket.values.max() ?? 0 <= 8)
    }
}

/// Many sessions through the whole store: the shard tables grow, delete and sweep.
@Suite struct SessionStoreTableTests {
    @Test func manySessionsSurviveGrowthAndDeletion() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60), shardCount: 2)
        let sessions = try (0..<3_000).map { n in try store.create(attributes: ["n": .number(Double(n))]) }
        for (n, session) in sessions.enumerated() where n % 2 == 0 { #expect(store.delete(session.id)) }
        #expect(store.count == 1_500)
        for (n, session) in sessions.enumerated() {
            #expect(store.session(session.id)?.attributes["n"] == (n % 2 == 0 ? nil : .number(Double(n))))
        }
        clock.advance(by: .seconds(30))
        for session in sessions[..<1_000] { _ = store.session(session.id) }
        clock.advance(by: .seconds(31))
        #expect(store.removeExpired() == 1_000)
        for (n, session) in sessions.enumerated() {
            #expect((store.session(session.id) != nil) == (n < 1_000 && n % 2 == 1))
        }
    }

    /// Only minted ids go into the packed tables (placed by their own, unkeyed bits); a client's id
    /// in the minted format lives in its shard's dictionary, beside them, and behaves the same.
    @Test(arguments: [1, 16])
    func clientIDsInTheMintedFormatStayOutOfThePackedTables(shards: Int) throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60), shardCount: shards)
        let minted = try (0..<100).map { n in try store.create(attributes: ["n": .number(Double(n))]) }
        // Structured and random-looking bits, all decodable.
        let chosen =
            ["AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAQ", "_____________________w"]
            + (0..<20).map { _ in SessionID.encode(SessionID.randomBits()) }
        for id in chosen {
            #expect(SessionID.decode(id) != nil)
            #expect(try store.getOrCreate(id: id, attributes: ["client": .bool(true)]).created)
        }
        func counts() -> (packed: Int, text: Int) {
            (0..<store.shards.count).reduce(into: (0, 0)) { sum, index in
                let (packed, text) = store.shards[index].withLock { ($0.packed.count, $0.text.count) }
                sum = (sum.0 + packed, sum.1 + text)
            }
        }
        #expect(counts() == (100, chosen.count))
        // A minted session named by a client is found where it is, not created again beside it.
        #expect(!(try store.getOrCreate(id: minted[7].id).created))
        #expect(counts() == (100, chosen.count))

        for id in chosen {
            let (_, version) = try store.mutate(id) { $0.attributes["seen"] = .bool(true) }
            #expect(version == 2)
            #expect(store.session(id)?.attributes == ["client": .bool(true), "seen": .bool(true)])
        }
        #expect(store.delete(chosen[0]))
        #expect(!store.delete(chosen[0]))
        #expect(store.session(chosen[0]) == nil)
        #expect(store.count == 100 + chosen.count - 1)

        // Expiry reaches both kinds: on access and by the sweep.
        clock.advance(by: .seconds(30))
        _ = store.session(chosen[1])
        _ = store.session(minted[0].id)
        clock.advance(by: .seconds(31))
        #expect(store.session(chosen[2]) == nil)
        #expect(store.session(minted[1].id) == nil)
        #expect(store.removeExpired() == 99 + chosen.count - 4)
        #expect(counts() == (1, 1))
        #expect(store.session(chosen[1])?.attributes["seen"] == .bool(true))
        #expect(store.session(minted[0].id)?.attributes["n"] == .number(0))
    }
}
