import Testing

@testable import LinkNavigation

/// A body lent the stack by move must report a change it made (else the change is stored with the
/// version unchanged), and leave the stack as it was when it throws: the store keeps no copy to
/// find out. Debug builds check both, and stop.
@Suite struct LentStackContractTests {
    #if DEBUG
    @Test func aBodyThatHidesItsChangeStops() async {
        await #expect(processExitsWith: .failure) {
            let (store, _) = makeStore()
            let id = try store.create().id
            _ = try store.update(id) { $0.stack = storeTestStack(product: 1) }
            _ = try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
                session.stack.removeLast()
                return false
            }
        }
    }

    @Test func aBodyThatChangesTheStackAndThrowsStops() async {
        await #expect(processExitsWith: .failure) {
            let (store, _) = makeStore()
            let id = try store.create().id
            _ = try store.update(id) { $0.stack = storeTestStack(product: 1) }
            _ = try? store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
                session.stack.removeLast()
                throw NavigationFailure.navigation(.invalidNavigation("refused"))
            }
        }
    }
    #endif

    /// A body true to the contract passes the checks: a change reported, none reported, a change
    /// reported that leaves an equal stack (the version is raised), a throw with the stack untouched.
    @Test func aTruthfulBodyPasses() throws {
        let (store, _) = makeStore()
        let id = try store.create().id
        _ = try store.update(id) { $0.stack = storeTestStack(product: 1) }
        let changed = try store.applyLendingStack(id) { (session) throws(NavigationFailure) -> Bool in
            session.stack.removeLast()
            return true
        }
        #expect(try store.applyLendingStack(id) { _ in false } == changed)
        #expect(try store.applyLendingStack(id) { _ in true } == changed + 1)
        #expect(throws: SessionStoreError.self) {
            try store.applyLendingStack(id) { (_) throws(NavigationFailure) -> Bool in
                throw NavigationFailure.navigation(.invalidNavigation("refused"))
            }
        }
        #expect(store.session(id)?.stack == Array(storeTestStack(product: 1).dropLast()))
    }
}
