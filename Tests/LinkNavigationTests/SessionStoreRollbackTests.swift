import Testing

@testable import LinkNavigation

/// The update path lends the attributes to the body and keeps their entries aside: a throwing body
/// must leave the session exactly as it was, and only real changes raise the version.
@Suite struct SessionStoreRollbackTests {
    static let refusal = NavigationFailure.navigation(.invalidNavigation("refused"))

    /// Attribute maps on both sides of the snapshot's inline capacity.
    static let maps: [SessionAttributes] = [
        [:],
        ["a": .number(1)],
        ["a": .number(1), "b": .string("two"), "c": .bool(true), "d": .string(String(repeating: "x", count: 40))],
        SessionAttributes((0..<9).map { ("k\($0)", AttributeValue.number(Double($0))) }),
    ]

    @Test(arguments: maps)
    func aThrowingBodyLeavesTheAttributesAsTheyWere(attributes: SessionAttributes) throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: attributes)
        let before = try #require(store.session(session.id))
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.update(session.id) { (session) throws(NavigationFailure) in
                session.attributes["a"] = .number(99)  // changed or added
                session.attributes["k3"] = nil  // removed when present
                for n in 0..<20 { session.attributes["new\(n)"] = .bool(false) }  // grows the map
                throw Self.refusal
            }
        }
        #expect(store.session(session.id) == before)
        // The restored map still takes changes.
        let (_, after) = try store.update(session.id) { $0.attributes["a"] = .number(7) }
        #expect(after.attributes["a"] == .number(7))
        #expect(after.version == 2)
    }

    @Test(arguments: maps)
    func rewritingTheSameAttributesIsNoChange(attributes: SessionAttributes) throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: attributes)
        let (_, same) = try store.update(session.id) { session in
            for (name, value) in attributes { session.attributes[name] = value }
        }
        #expect(same.version == 1)
        // Removing and adding back a key, or replacing the whole map with an equal one, is no change.
        let (_, rebuilt) = try store.update(session.id) { session in
            if let (name, value) = attributes.first {
                session.attributes[name] = nil
                session.attributes[name] = value
            }
            session.attributes = SessionAttributes(attributes.map { ($0.key, $0.value) })
        }
        #expect(rebuilt.version == 1)
        #expect(store.session(session.id)?.attributes == attributes)
    }

    @Test(arguments: maps)
    func everyKindOfAttributeChangeRaisesTheVersion(attributes: SessionAttributes) throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: attributes)
        var expected = attributes
        var version = 1
        let changes: [(inout SessionAttributes) -> Void] = [
            { $0["a"] = .number(2) },  // a changed value (or a new key)
            { $0["fresh"] = .string("new") },  // a new key
            { $0["fresh"] = nil },  // a removed key
            { $0 = ["only": .bool(true)] },  // a new map
        ]
        for change in changes {
            let (_, stored) = try store.update(session.id) { change(&$0.attributes) }
            change(&expected)
            version += 1
            #expect(stored.attributes == expected)
            #expect(stored.version == version)
            #expect(store.session(session.id)?.attributes == expected)
        }
    }

    @Test func aBodyThatKeepsACopyOfTheAttributesDoesNotShareChanges() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["a": .number(1)])
        var kept: SessionAttributes = [:]
        let (_, stored) = try store.update(session.id) { session in
            kept = session.attributes
            session.attributes["a"] = .number(2)
        }
        #expect(kept == ["a": .number(1)])
        #expect(stored.attributes == ["a": .number(2)])
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.update(session.id) { (session) throws(NavigationFailure) in
                kept = session.attributes
                session.attributes["a"] = .number(3)
                throw Self.refusal
            }
        }
        #expect(kept == ["a": .number(2)])
        #expect(store.session(session.id)?.attributes == ["a": .number(2)])
    }

    @Test func aThrowingBodyLeavesAParkedNavigationAndTheStackAsTheyWere() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        let parked = ParkedNavigation(url: "shop://cart", strategy: nil, via: [], flow: "login", stackBefore: [])
        _ = try store.update(session.id) { session in
            session.parked = parked
            session.stack = storeTestStack(product: 5)
            session.nextEntryNumber = 4
        }
        let before = try #require(store.session(session.id))
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.update(session.id) { (session) throws(NavigationFailure) in
                session.parked = nil
                session.stack.append(StackEntry(id: "e4", screen: "cart", params: [:], presentation: .push))
                session.nextEntryNumber = 5
                throw Self.refusal
            }
        }
        #expect(store.session(session.id) == before)
        #expect(store.session(session.id)?.parked == parked)
    }

    @Test func textIDsExpireAndUpdateLikePackedOnes() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        _ = try store.getOrCreate(id: "client-7", attributes: ["a": .number(1)])
        let (_, stored) = try store.update("client-7") { $0.attributes["a"] = .number(2) }
        #expect(stored.version == 2)
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.update("client-7") { (session) throws(NavigationFailure) in
                session.attributes["a"] = .number(3)
                throw Self.refusal
            }
        }
        #expect(store.session("client-7")?.attributes == ["a": .number(2)])
        clock.advance(by: .seconds(60))
        #expect(throws: SessionStoreError.noSession) { try store.update("client-7") { _ in } }
        #expect(store.count == 0)
        #expect(store.session("client-7") == nil)
    }

    @Test func anExpiredPackedSessionIsRemovedByTheUpdateThatFindsIt() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let session = try store.create()
        let other = try store.create()
        clock.advance(by: .seconds(59))
        _ = store.session(other.id)
        clock.advance(by: .seconds(1))
        #expect(throws: SessionStoreError.noSession) { try store.update(session.id) { _ in } }
        #expect(store.count == 1)
        #expect(store.session(other.id) != nil)
    }
}
