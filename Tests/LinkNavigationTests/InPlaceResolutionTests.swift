import LinkRouting
import Testing

@testable import LinkNavigation

/// A navigation changes the stack it is lent in place: the resolver's in-place form must give the
/// very resolution the by-value one gives, and the store's stack lent by move must be stored, kept
/// or put back as the body says.
@Suite struct InPlaceResolutionTests {
    static let refusal = NavigationFailure.navigation(.invalidNavigation("refused"))

    /// Stacks (shorthands of `stack(from:)`) and destinations, crossed with every strategy.
    static let stacks: [[String]] = [
        [],
        ["home"],
        ["home", "catalog"],
        ["home", "catalog", "product:42"],
        ["home", "cart", "checkout"],
        ["home", "login", "forgot"],
        ["home", "account", "profile_edit", "avatar"],
        ["home", "settings", "login"],
    ]
    static let destinations: [Destination] = [
        Destination(screen: "product", params: ["id": .int(42)]),
        Destination(screen: "product", params: ["id": .int(7), "ref": .string("mail")]),
        Destination(screen: "reviews", params: ["id": .int(42)]),
        Destination(screen: "cart"),
        Destination(screen: "checkout"),
        Destination(screen: "forgot"),
        Destination(screen: "login"),
        Destination(screen: "settings"),
        Destination(screen: "avatar"),
        Destination(screen: "share", params: ["id": .int(3)]),
        Destination(screen: "reviews", params: ["id": .int(5)], via: ["product"]),
    ]

    /// How many of ``destinations`` resolve from each stack at the least (a `push` from a short
    /// stack refuses the most).
    static let minimumResolved = 6

    @Test(arguments: stacks, Strategy.allCases)
    func inPlaceIsTheByValueResolution(items: [String], strategy: Strategy) throws {
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: items)
        // The usual counter, and one that issues the id of an entry on the stack (`e2`): `between`
        // then keeps fewer entries than the destination leaves, and the stack is made apart.
        var compared = 0  // resolutions made, both ways (a refusal compares `nil` with `nil`)
        for next in [old.count + 1, 2] {
            for destination in Self.destinations {
                let byValue = try? resolver.resolve(destination, strategy: strategy, stack: old, nextEntryNumber: next)
                var changed = old
                let inPlace = try? resolver.resolve(
                    destination,
                    strategy: strategy,
                    stack: &changed,
                    nextEntryNumber: next,
                    known: nil
                )
                #expect(inPlace == byValue, "\(items) -> \(destination.screen), \(strategy), next \(next)")
                #expect(changed == (inPlace?.stack ?? old))
                #expect(inPlace.map { $0.transition.applied(to: old) == $0.stack } ?? true)
                if inPlace != nil, byValue != nil { compared += 1 }
            }
        }
        #expect(compared >= 2 * Self.minimumResolved, "\(items), \(strategy)")
    }

    @Test func theStackItAloneHoldsKeepsItsBuffer() throws {
        let resolver = NavigationResolver(graph: try shopGraph())
        let old = try stack(from: ["home", "cart", "checkout"])
        let destination = Destination(screen: "product", params: ["id": .int(9)])
        let expected = try resolver.resolve(destination, strategy: .extend, stack: old, nextEntryNumber: 4)
        var held = old
        held.reserveCapacity(8)  // a buffer of its own, with room
        let buffer = held.withUnsafeBufferPointer { $0.baseAddress }
        let resolution = try resolver.resolve(
            destination,
            strategy: .extend,
            stack: &held,
            nextEntryNumber: 4,
            known: nil
        )
        #expect(resolution == expected)
        #expect(held == expected.stack)
        #expect(held.withUnsafeBufferPointer { $0.baseAddress } == buffer)
        #expect(resolution.mediation.source == old.last)
    }

    @Test func aStackLentByMoveIsStoredAsTheBodySays() throws {
        let (store, _) = makeStore()
        let id = try store.create().id
        _ = try store.update(id) { $0.stack = storeTestStack(product: 1) }
        let copy = try #require(store.session(id))
        let entry = StackEntry(id: "e4", screen: "cart", params: [:], presentation: .push)
        var sameBuffer = false
        let version = try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
            let buffer = session.stack.withUnsafeBufferPointer { $0.baseAddress }
            session.stack.removeLast()
            session.stack.append(entry)
            sameBuffer = session.stack.withUnsafeBufferPointer { $0.baseAddress } == buffer
            return true
        }
        #expect(version == 3)
        // A copy held elsewhere keeps its stack; with none, the body changed the stored buffer itself.
        #expect(copy.stack == storeTestStack(product: 1))
        #expect(!sameBuffer)
        let moved = try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
            let buffer = session.stack.withUnsafeBufferPointer { $0.baseAddress }
            session.stack.removeLast()
            session.stack.append(entry)
            sameBuffer = session.stack.withUnsafeBufferPointer { $0.baseAddress } == buffer
            return true
        }
        #expect(moved == 4)
        #expect(sameBuffer)
        let stored = Array(storeTestStack(product: 1).dropLast()) + [entry]
        #expect(store.session(id)?.stack == stored)
        // Unchanged, as the body says: the version stays.
        #expect(try store.applyLendingStack(id) { _ in false } == 4)
        // A thrown body leaves the stack it was lent as it was, and that is what stays.
        #expect(throws: SessionStoreError.navigation(Self.refusal)) {
            try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
                session.attributes["a"] = .bool(true)
                throw Self.refusal
            }
        }
        #expect(store.session(id)?.stack == stored)
        #expect(store.session(id)?.attributes == [:])
        #expect(store.session(id)?.version == 4)
        // Other changes still count: the entry counter.
        let counted = try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
            session.nextEntryNumber += 1
            return false
        }
        #expect(counted == 5)
        #expect(throws: SessionStoreError.versionConflict(expected: 1, actual: 5)) {
            try store.applyLendingStack(id, expectedVersion: 1) { _ in true }
        }
        #expect(throws: SessionStoreError.noSession) { try store.applyLendingStack("missing") { _ in true } }
    }

    /// The in-place navigation leaves the session the by-value one returns.
    @Test func navigatingInPlaceLeavesTheOutcomesSession() throws {
        let navigator = try shopNavigator()
        var session = Session(id: "s", stack: try stack(from: ["home", "catalog"]), nextEntryNumber: 3)
        for url in [
            "shop://product/42?ref=mail", "shop://product/42/reviews", "shop://cart", "shop://p/7", "shop://search",
        ] {
            let byValue = try navigator.navigate(.init(url: url), session: session)
            let outcome = try navigator.navigate(.init(url: url), in: &session)
            #expect(session == byValue.session, "\(url)")
            #expect(outcome.session == session)
            #expect(outcome.resolution == byValue.resolution)
            #expect(outcome.status == byValue.status)
        }
        // A refused navigation leaves the session alone.
        let before = session
        #expect(throws: NavigationFailure.self) { try navigator.navigate(.init(url: "shop://nope"), in: &session) }
        #expect(session == before)
    }
}
