import Testing

@testable import LinkNavigation

@Suite struct SessionStoreVersionTests {
    @Test func versionsStartAtOneAndGrowWithEveryChange() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["n": .number(0)])
        #expect(session.version == 1)
        for step in 1...3 {
            let (_, stored) = try store.update(session.id) { $0.attributes["n"] = .number(Double(step)) }
            #expect(stored.version == 1 + step)
        }
        let (_, stacked) = try store.update(session.id) { session in
            session.stack = storeTestStack(product: 42)
            session.nextEntryNumber = 4
        }
        #expect(stacked.version == 5)
        #expect(store.session(session.id) == stacked)
        #expect(stacked.stack.map(\.screen) == ["home", "catalog", "product"])
        #expect(stacked.nextEntryNumber == 4)
    }

    @Test func anUpdateThatChangesNothingKeepsTheVersion() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["n": .number(1)])
        _ = try store.update(session.id) { $0.stack = storeTestStack(product: 7) }
        let before = try #require(store.session(session.id))
        let (_, same) = try store.update(session.id) { _ in }
        let (_, rewritten) = try store.update(session.id) { session in
            session.attributes["n"] = .number(1)
            session.stack = storeTestStack(product: 7)
        }
        let (_, versionOnly) = try store.update(session.id) { $0.version = 99 }
        #expect(same == before)
        #expect(rewritten == before)
        #expect(versionOnly == before)
        #expect(store.session(session.id)?.version == 2)
    }

    @Test func theStoreSetsTheVersionEvenIfTheBodyChangesIt() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        let (_, stored) = try store.update(session.id) { session in
            session.version = 42
            session.attributes["x"] = .bool(true)
        }
        #expect(stored.version == 2)
        #expect(store.session(session.id)?.version == 2)
    }

    @Test func aVersionMismatchChangesNothing() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        _ = try store.update(session.id) { $0.attributes["a"] = .number(1) }
        let before = try #require(store.session(session.id))
        var ran = false
        #expect(throws: SessionStoreError.versionConflict(expected: 1, actual: 2)) {
            try store.update(session.id, expectedVersion: 1) { session in
                ran = true
                session.attributes["a"] = .number(2)
            }
        }
        #expect(!ran)
        #expect(store.session(session.id) == before)
        let (_, after) = try store.update(session.id, expectedVersion: 2) { $0.attributes["a"] = .number(2) }
        #expect(after.version == 3)
    }

    @Test func aThrowingBodyChangesNothing() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["a": .number(1)])
        _ = try store.update(session.id) { $0.stack = storeTestStack(product: 1) }
        let before = try #require(store.session(session.id))
        let refusal = NavigationError.invalidNavigation("nothing to go back to")
        #expect(throws: SessionStoreError.navigation(.navigation(refusal))) {
            try store.update(session.id) { (session) throws(NavigationFailure) in
                session.attributes["a"] = .number(2)
                session.stack.removeAll()
                session.parked = ParkedNavigation(
                    url: "shop://cart",
                    strategy: nil,
                    via: [],
                    flow: "login",
                    stackBefore: []
                )
                throw .navigation(refusal)
            }
        }
        #expect(store.session(session.id) == before)
    }

    @Test func updateReturnsTheBodysResultAndTheStoredSession() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        let (result, stored) = try store.update(session.id) { session -> String in
            session.attributes["k"] = .string("v")
            return "done"
        }
        #expect(result == "done")
        #expect(stored.attributes == ["k": .string("v")])
        #expect(stored.id == session.id)
        #expect(store.session(session.id) == stored)
    }

    @Test func mutateReturnsTheBodysResultAndTheStoredVersion() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        let (result, version) = try store.mutate(session.id) { session -> Int in
            session.attributes["k"] = .string("v")
            session.stack = [StackEntry(id: "e1", screen: "home", params: [:], presentation: .push)]
            return session.stack.count
        }
        #expect(result == 1)
        #expect(version == 2)
        let stored = try #require(store.session(session.id))
        #expect(stored.version == 2)
        #expect(stored.attributes == ["k": .string("v")])
        #expect(stored.stack.map(\.screen) == ["home"])
        // Nothing changed: the version stays.
        let (_, same) = try store.mutate(session.id) { session in session.attributes["k"] = .string("v") }
        #expect(same == 2)
        #expect(throws: SessionStoreError.noSession) { try store.mutate("AAAAAAAAAAAAAAAAAAAAAA") { _ in } }
    }

    @Test func parkingAndUnparkingAreChanges() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        let parked = ParkedNavigation(
            url: "shop://cart",
            strategy: .extend,
            via: ["home"],
            flow: "login",
            stackBefore: storeTestStack(product: 3)
        )
        let (_, withParked) = try store.update(session.id) { $0.parked = parked }
        #expect(withParked.parked == parked)
        #expect(withParked.version == 2)
        let (_, same) = try store.update(session.id) { $0.parked = parked }
        #expect(same.version == 2)
        let (_, other) = try store.update(session.id) { $0.attributes["x"] = .bool(true) }
        #expect(other.parked == parked)
        let (_, cleared) = try store.update(session.id) { $0.parked = nil }
        #expect(cleared.parked == nil)
        #expect(cleared.version == 4)
        #expect(store.session(session.id) == cleared)
    }
}

@Suite struct SessionStoreSettingsTests {
    @Test(arguments: [(0, 1), (1, 1), (3, 4), (16, 16), (65, 128), (100_000, 4096)])
    func shardCountsBecomePowersOfTwo(_ requested: Int, _ used: Int) {
        let configuration = SessionStore.Configuration(shardCount: requested)
        #expect(configuration.effectiveShardCount == used)
        #expect(SessionStore(configuration: configuration).shards.count == used)
    }

    @Test(arguments: [1, 4, 64])
    func shardsStartOnTheirOwn128ByteBlocks(_ count: Int) {
        let store = SessionStore(configuration: SessionStore.Configuration(shardCount: count))
        let addresses = (0..<store.shards.count).map { UInt(bitPattern: store.shards[$0]) }
        #expect(addresses.allSatisfy { $0 % 128 == 0 })
        #expect(zip(addresses, addresses.dropFirst()).allSatisfy { $1 - $0 >= 128 })
    }

    @Test func defaultsFollowTheSpec() {
        let configuration = SessionStore.Configuration()
        #expect(configuration.idleTTL == .seconds(1800))
        #expect(configuration.maxSessions == 1_000_000)
        #expect(configuration.idleTTLMilliseconds == 1_800_000)
        #expect(SessionStore.Configuration(idleTTL: .milliseconds(1500)).idleTTLMilliseconds == 1500)
        #expect(SessionStore.Configuration(idleTTL: .seconds(Int64.max)).idleTTLMilliseconds == .max)
    }

    @Test func errorsDescribeThemselves() {
        #expect(SessionStoreError.noSession.description == "no such session")
        #expect(SessionStoreError.sessionLimit.description == "the session limit is reached")
        #expect(
            SessionStoreError.versionConflict(expected: 3, actual: 5).description
                == "expected version 3, the session is at 5"
        )
        #expect(
            SessionStoreError.navigation(.navigation(.stackTooDeep(limit: 64))).description
                == "the stack would be deeper than 64 entries"
        )
        #expect(SessionStoreError.invalidID.description.contains("128"))
    }

    @Test func theCoarseClockMovesForward() {
        let first = SessionStore.TimeSource.coarseMonotonic.milliseconds()
        let second = SessionStore.TimeSource.coarseMonotonic.milliseconds()
        #expect(second >= first)
        #expect(first > 0)
        // The store reads the same clock in place.
        let inPlace = SessionStore.TimeSource.coarseMonotonic.now()
        #expect(inPlace >= second)
        #expect(SessionStore.TimeSource.coarseMonotonic.milliseconds() >= inPlace)
    }

    @Test func aGivenTimeSourceIsWhatTheStoreReads() {
        let clock = StoreTestClock()
        #expect(clock.source.now() == 1_000_000)
        clock.advance(by: .seconds(2))
        #expect(clock.source.now() == 1_002_000)
    }
}
