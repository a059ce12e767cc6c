import Dispatch
import Synchronization
import Testing

@testable import LinkNavigation

/// Many threads on one store at once, as libmicrohttpd's threads call it. Also run under
/// `make test-tsan` (ThreadSanitizer).
@Suite struct SessionStoreConcurrencyTests {
    static let threads = 8
    static let updatesPerThread = 10_000

    /// The `counter` attribute as an integer.
    static func counter(_ session: Session?) -> Int? {
        guard case .number(let value) = session?.attributes["counter"] else { return nil }
        return Int(exactly: value)
    }

    /// Adds 1 to `counter`: a read-modify-write that loses counts unless updates are atomic.
    static func increment(_ session: inout Session) {
        let current = counter(session) ?? 0
        session.attributes["counter"] = .number(Double(current + 1))
    }

    @Test func concurrentUpdatesOfOneSessionLoseNothing() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["counter": .number(0)])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.updatesPerThread {
                do {
                    _ = try store.update(session.id) { Self.increment(&$0) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        let total = Self.threads * Self.updatesPerThread
        let stored = try #require(store.session(session.id))
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(Self.counter(stored) == total)
        #expect(stored.version == 1 + total)
    }

    @Test func concurrentUpdatesOfManySessionsLoseNothing() throws {
        let (store, _) = makeStore(shardCount: 4)
        let sessions = try (0..<64).map { _ in try store.create(attributes: ["counter": .number(0)]) }
        let ids = sessions.map(\.id)
        // Thread t updates session (t * 7 + i * 13) % 64 on step i, so threads meet on sessions.
        let target: @Sendable (_ thread: Int, _ step: Int) -> Int = { thread, step in (thread * 7 + step * 13) % 64 }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<Self.updatesPerThread {
                do {
                    _ = try store.update(ids[target(thread, step)]) { session in
                        Self.increment(&session)
                        // Every other update also rewrites the stack (a second field to keep consistent).
                        if step % 2 == 0 { session.stack = storeTestStack(product: Int64(step)) }
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        var expected = [Int](repeating: 0, count: ids.count)
        for thread in 0..<Self.threads {
            for step in 0..<Self.updatesPerThread { expected[target(thread, step)] += 1 }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        for (index, id) in ids.enumerated() {
            let stored = try #require(store.session(id))
            #expect(Self.counter(stored) == expected[index])
            #expect(stored.version == 1 + expected[index])
        }
        #expect(expected.reduce(0, +) == Self.threads * Self.updatesPerThread)
    }

    @Test func optimisticUpdatesWithExpectedVersionsLoseNothing() throws {
        let (store, _) = makeStore()
        let session = try store.create(attributes: ["counter": .number(0)])
        let conflicts = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            var done = 0
            while done < perThread {
                // Read, compute outside the lock, then write only if nobody wrote in between.
                guard let seen = store.session(session.id), let value = Self.counter(seen) else {
                    failures.add(1, ordering: .relaxed)
                    return
                }
                do throws(SessionStoreError) {
                    _ = try store.update(session.id, expectedVersion: seen.version) { session in
                        session.attributes["counter"] = .number(Double(value + 1))
                    }
                    done += 1
                } catch .versionConflict(let expected, let actual) where expected == seen.version && actual > expected {
                    conflicts.add(1, ordering: .relaxed)
                } catch {
                    failures.add(1, ordering: .relaxed)
                    return
                }
            }
        }
        let stored = try #require(store.session(session.id))
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(Self.counter(stored) == Self.threads * perThread)
        #expect(stored.version == 1 + Self.threads * perThread)
    }

    @Test func concurrentCreatesAndDeletesKeepTheCount() throws {
        let (store, _) = makeStore(shardCount: 8)
        let perThread = 2_000
        // One slot per thread, each written by its own thread only and read after they have all
        // finished: a `Mutex` here is a futex ThreadSanitizer does not see, and it reported the
        // serialised appends as a race now and then.
        let kept = UnsafeMutableBufferPointer<[String]>.allocate(capacity: Self.threads)
        kept.initialize(repeating: [])
        defer { kept.deallocate() }
        let slots = SendableSlots(kept)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            var mine: [String] = []
            for index in 0..<perThread {
                do {
                    let id: String
                    if index % 4 == 0 {
                        id = try store.getOrCreate(id: "client-\(thread)-\(index)").session.id
                    } else {
                        id = try store.create().id
                    }
                    // Delete every other session right away; it must be gone, and deleted only once.
                    if index % 2 == 1 {
                        if !store.delete(id) || store.delete(id) || store.session(id) != nil {
                            failures.add(1, ordering: .relaxed)
                        }
                    } else {
                        mine.append(id)
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            slots.buffer[thread] = mine
        }
        let ids = Array(kept.joined())
        _ = kept.deinitialize()
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(ids.count == Self.threads * perThread / 2)
        #expect(Set(ids).count == ids.count)
        #expect(store.count == ids.count)
        #expect(ids.allSatisfy { store.session($0)?.version == 1 })
    }

    @Test func concurrentGetOrCreateOfTheSameIDsCreatesEachOnce() throws {
        let (store, _) = makeStore()
        let names = (0..<50).map { "shared-\($0)" }
        let created = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<200 {
                let name = names[(round + thread) % names.count]
                do {
                    let (session, wasCreated) = try store.getOrCreate(
                        id: name,
                        attributes: ["by": .number(Double(thread))]
                    )
                    if wasCreated { created.add(1, ordering: .relaxed) }
                    if session.id != name || session.version != 1 { failures.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(created.load(ordering: .relaxed) == names.count)
        #expect(store.count == names.count)
    }

    @Test func theLimitHoldsUnderConcurrentCreates() throws {
        let limit = 1_000
        let (store, _) = makeStore(maxSessions: limit)
        let created = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<500 {
                do throws(SessionStoreError) {
                    if index % 3 == 0 {
                        _ = try store.getOrCreate(id: "limit-\(thread)-\(index)")
                    } else {
                        _ = try store.create()
                    }
                    created.add(1, ordering: .relaxed)
                } catch {
                    if error == .sessionLimit { refused.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(created.load(ordering: .relaxed) == limit)
        #expect(refused.load(ordering: .relaxed) == Self.threads * 500 - limit)
        #expect(store.count == limit)
    }

    @Test func sweepingWhileUpdatingKeepsLiveSessions() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let live = try (0..<32).map { _ in try store.create(attributes: ["counter": .number(0)]) }
        let idle = try (0..<256).map { _ in try store.create() }
        clock.advance(by: .seconds(30))
        for session in live { _ = store.session(session.id) }
        clock.advance(by: .seconds(31))  // the idle ones have expired, the live ones not
        let removed = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread == 0 {
                removed.add(store.removeExpired(), ordering: .relaxed)
                return
            }
            for step in 0..<1_000 {
                do {
                    _ = try store.update(live[(thread + step) % live.count].id) { Self.increment(&$0) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(removed.load(ordering: .relaxed) == idle.count)
        #expect(store.count == live.count)
        let total = live.compactMap { Self.counter(store.session($0.id)) }.reduce(0, +)
        #expect(total == (Self.threads - 1) * 1_000)
    }
}

/// A buffer whose elements threads write one each (never the same one), handed to them as `Sendable`.
private struct SendableSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
