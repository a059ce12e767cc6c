import Testing

@testable import LinkNavigation

/// An update lends the body a session built in place from its slot (`LentSession`): the caller's id
/// moved in, the stack shared, the attributes and an absent parked box moved, and each field put back
/// or released on its own afterwards.
@Suite struct SessionStoreLendingTests {
    static let refusal = NavigationFailure.navigation(.invalidNavigation("refused"))

    static let parked = ParkedNavigation(
        url: "shop://cart",
        strategy: .extend,
        via: ["home"],
        flow: "login",
        stackBefore: storeTestStack(product: 2)
    )

    @Test(arguments: ["minted", "client-7", "AAECAwQFBgcICQoLDA0ODw"])
    func theBodySeesTheSessionsOwnID(kind: String) throws {
        let (store, _) = makeStore()
        let id = try kind == "minted" ? store.create().id : store.getOrCreate(id: kind).session.id
        for _ in 0..<3 {
            let (seen, version) = try store.mutate(id) { session in
                session.attributes["n"] = .number(Double(session.version))
                return session.id
            }
            #expect(seen == id)
            #expect(store.session(id)?.version == version)
        }
        // The caller's own copy of the id is untouched by the one the store took.
        #expect(store.session(id)?.id == id)
        #expect(store.session(id)?.version == 4)
    }

    @Test func aParkedNavigationSurvivesUpdatesThatLeaveItAlone() throws {
        let (store, _) = makeStore()
        let id = try store.create().id
        _ = try store.update(id) { $0.parked = Self.parked }
        var copies: [Session] = []
        for n in 0..<500 {
            let (_, version) = try store.mutate(id) { $0.attributes["n"] = .number(Double(n)) }
            #expect(version == n + 3)
            if n % 50 == 0 { copies.append(try #require(store.session(id))) }
        }
        copies.removeAll()
        let stored = try #require(store.session(id))
        #expect(stored.parked == Self.parked)
        #expect(stored.version == 502)
        // An equal navigation in a new box is no change; a different one is.
        let (_, same) = try store.mutate(id) { $0.parked = Self.parked }
        #expect(same == 502)
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.mutate(id) { (session) throws(NavigationFailure) in
                session.parked = nil
                throw Self.refusal
            }
        }
        #expect(store.session(id)?.parked == Self.parked)
        let (_, cleared) = try store.mutate(id) { $0.parked = nil }
        #expect(cleared == 503)
        #expect(store.session(id)?.parked == nil)
    }

    @Test func applyStoresTheChangeAndReturnsTheVersion() throws {
        let (store, _) = makeStore()
        let id = try store.create().id
        var runs = 0
        let version = try store.apply(id) { session in
            runs += 1
            session.stack = storeTestStack(product: 3)
        }
        #expect(runs == 1)
        #expect(version == 2)
        #expect(store.session(id)?.stack == storeTestStack(product: 3))
        // Nothing changed: the version stays; a stale expected version is refused.
        #expect(try store.apply(id) { _ in } == 2)
        #expect(throws: SessionStoreError.versionConflict(expected: 1, actual: 2)) {
            try store.apply(id, expectedVersion: 1) { $0.stack = [] }
        }
        // A thrown body stores nothing.
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.apply(id) { (session) throws(NavigationFailure) in
                session.stack = []
                throw Self.refusal
            }
        }
        #expect(store.session(id)?.stack == storeTestStack(product: 3))
        #expect(throws: SessionStoreError.noSession) { try store.apply("missing") { _ in } }
    }

    @Test func aStackChangedInPlaceIsStoredAndCopiesKeepTheirs() throws {
        let (store, _) = makeStore()
        let id = try store.create().id
        _ = try store.update(id) { $0.stack = storeTestStack(product: 1) }
        let before = try #require(store.session(id))
        let entry = StackEntry(id: "e4", screen: "cart", params: [:], presentation: .push)
        let (_, pushed) = try store.mutate(id) { $0.stack.append(entry) }
        #expect(pushed == 3)
        #expect(before.stack == storeTestStack(product: 1))
        #expect(store.session(id)?.stack == storeTestStack(product: 1) + [entry])
        // Written in place with what was there: a new buffer, equal entries, no change.
        let (_, rewritten) = try store.mutate(id) { $0.stack[0] = $0.stack[0] }
        #expect(rewritten == 3)
        let (_, popped) = try store.mutate(id) { _ = $0.stack.popLast() }
        #expect(popped == 4)
        #expect(store.session(id)?.stack == before.stack)
    }

    @Test func aBodyThatReplacesTheWholeSessionKeepsItUnderItsID() throws {
        let (store, _) = makeStore()
        let id = try store.create(attributes: ["a": .number(1)]).id
        let other = "BBECAwQFBgcICQoLDA0ODw"
        let (_, version) = try store.mutate(id) { session in
            session = Session(
                id: other,
                stack: storeTestStack(product: 9),
                attributes: ["b": .bool(true)],
                version: 77,
                nextEntryNumber: 4
            )
        }
        #expect(version == 2)
        let stored = try #require(store.session(id))
        #expect(stored.id == id)
        #expect(stored.attributes == ["b": .bool(true)])
        #expect(stored.stack == storeTestStack(product: 9))
        #expect(stored.nextEntryNumber == 4)
        #expect(store.session(other) == nil)
    }

    @Test func aThrowingBodyThatReplacedTheAttributesGetsThemBack() throws {
        let (store, _) = makeStore()
        let id = try store.create(attributes: ["a": .number(1), "b": .string("two")]).id
        let before = try #require(store.session(id))
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.mutate(id) { (session) throws(NavigationFailure) in
                session.attributes = ["z": .bool(false)]
                throw Self.refusal
            }
        }
        #expect(store.session(id) == before)
    }
}
