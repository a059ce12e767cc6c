import Dispatch
import Synchronization
import Testing

@testable import LinkNavigation

/// ``SessionStore/applyLendingStack(_:expectedVersion:_:)`` from many threads at once, while other
/// threads read copies of the same sessions: the stack lent by move is changed in place only when
/// no copy shares its buffer, a refused body leaves it as it was, and every version counts one
/// change. Also run under `make test-tsan` (ThreadSanitizer).
@Suite struct SessionStoreLendingConcurrencyTests {
    static let writers = 6
    static let readers = 2
    static let stepsPerWriter = 2_400
    static let sessionCount = 4
    static let refusal = NavigationFailure.navigation(.invalidNavigation("refused"))

    /// Whether a session is as the writers leave it: each change pushes an entry named after the
    /// version it makes (`v3`, `v4`, ...) onto the 3-screen stack of version 2, which it starts
    /// again from past 32 entries.
    static func isConsistent(_ session: Session) -> Bool {
        let stack = session.stack
        guard let top = stack.last else { return false }
        if session.version == 2 { return stack.count == 3 && top.id == "e3" }
        guard stack.count > 3, top.id == "v\(session.version)" else { return false }
        return stack.count == 4 || stack[stack.count - 2].id == "v\(session.version - 1)"
    }

    /// Step `step` of a writer: pushes an entry (2 steps in 3), or throws without touching the stack.
    static func write(_ session: inout Session, step: Int) throws(NavigationFailure) -> Bool {
        if step % 3 == 2 { throw refusal }
        if session.stack.count >= 32 { session.stack.removeLast(session.stack.count - 3) }
        let entry = StackEntry(id: "v\(session.version + 1)", screen: "product", params: [:], presentation: .push)
        session.stack.append(entry)
        return true
    }

    @Test func lentStacksChangeInPlaceWithoutTouchingReadersCopies() throws {
        let (store, _) = makeStore(shardCount: 2)
        let ids = try (0..<Self.sessionCount).map { _ in try store.create().id }
        // Version 2 with the 3-screen stack: the starting point `isConsistent` counts from.
        for id in ids { _ = try store.update(id) { $0.stack = storeTestStack(product: 1) } }
        let changes = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let inconsistent = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.writers + Self.readers) { thread in
            if thread < Self.writers {
                for step in 0..<Self.stepsPerWriter {
                    do throws(SessionStoreError) {
                        _ = try store.applyLendingStack(ids[(thread + step) % ids.count]) {
                            (session) throws(NavigationFailure) -> Bool in
                            try Self.write(&session, step: step)
                        }
                        changes.add(1, ordering: .relaxed)
                    } catch .navigation {
                        refused.add(1, ordering: .relaxed)
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            } else {
                // Copies held across later writes: a write that changed a shared buffer in place
                // would show in them.
                var held: [Session] = []
                for step in 0..<Self.stepsPerWriter {
                    guard let copy = store.session(ids[step % ids.count]) else {
                        failures.add(1, ordering: .relaxed)
                        continue
                    }
                    held.append(copy)
                    if held.count > 16 { held.removeFirst() }
                    for session in held where !Self.isConsistent(session) { inconsistent.add(1, ordering: .relaxed) }
                }
            }
        }
        let steps = Self.writers * Self.stepsPerWriter
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(inconsistent.load(ordering: .relaxed) == 0)
        #expect(refused.load(ordering: .relaxed) == steps / 3)
        #expect(changes.load(ordering: .relaxed) == steps - steps / 3)
        var versions = 0
        for id in ids {
            let stored = try #require(store.session(id))
            #expect(Self.isConsistent(stored))
            versions += stored.version - 2
        }
        #expect(versions == changes.load(ordering: .relaxed))
    }
}
