import Testing

@testable import LinkNavigation

/// The id a lent session takes back to the store: a small one is left as it lies, any other is
/// released. Either way the session keeps its id through many lent updates, and the caller's copy
/// is untouched.
@Suite struct LentSessionIDTests {
    @Test(arguments: ["s", "client-7", "a-client-chosen-session-id-well-past-fifteen-bytes"])
    func anIDOutlivesManyLentUpdates(id: String) throws {
        let (store, _) = makeStore()
        _ = try store.getOrCreate(id: id)
        for round in 0..<200 {
            // A fresh copy each time, as the endpoint hands one over.
            let handed = String(decoding: Array(id.utf8), as: UTF8.self)
            var seen = ""
            let version = try store.applyLendingStack(handed) { (session) throws(NavigationFailure) -> Bool in
                seen = session.id
                session.nextEntryNumber += 1
                return false
            }
            #expect(seen == id)
            #expect(version == round + 2)
        }
        #expect(store.session(id)?.id == id)
        #expect(store.session(id)?.version == 201)
    }
}
