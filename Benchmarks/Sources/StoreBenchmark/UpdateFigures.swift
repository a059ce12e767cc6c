import Foundation
import LinkNavigation
import Synchronization

/// X and Y: one `mutate` (an update that returns no copy of the session) that changes an attribute (get + mutate + version bump) on a random one of
/// `sessions` existing sessions; ns per op on 1 thread, and per op per thread with 2 threads at once.
///
/// The ids are made before timing: an op is the store's work on an id a caller holds (the HTTP
/// layer's own cost of making it from a request path is in `make bench-http`). Over the hot set of
/// 1,000 sessions (the count `make bench-http` rotates over) everything an op reads is in cache;
/// over 100,000 sessions (about 40 MB with their stacks, more than the 32 MiB L3 of the reference
/// machine) each op waits for main memory several times.
struct UpdateFigures {
    let sessions: Int
    let single: Double
    let parallel: Double

    /// The hot working set, timed for the summary line.
    static let hotSessions = 1_000
    /// The cold working set, reported on its own line.
    static let coldSessions = 100_000
    static let opsPerSample = 200_000
    static let samples = 15
    /// Random session indices, drawn before timing so the timed loop only reads them.
    static let indexCount = 1 << 20

    /// The store and ids the timings run on.
    struct Fixture: Sendable {
        let store: SessionStore
        let ids: [String]
        let indices: [Int32]

        init(sessions: Int) throws {
            store = SessionStore()
            var ids: [String] = []
            ids.reserveCapacity(sessions)
            for n in 0..<sessions {
                let session = try store.create(attributes: ["n": .number(-1)])
                _ = try store.update(session.id) { session in
                    session.stack = Stacks.threeScreens(n)
                    session.nextEntryNumber = 4
                }
                ids.append(session.id)
            }
            self.ids = ids
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            indices = (0..<UpdateFigures.indexCount).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return Int32(truncatingIfNeeded: state % UInt64(sessions))
            }
        }

        /// Runs `ops` updates starting at `offset` in the index list; each writes a value no earlier
        /// op wrote (`lane` keeps two threads' values apart). Returns how many updates failed.
        @inline(never)
        func run(ops: Int, offset: Int, lane: Int, round: Int) -> Int {
            var failures = 0
            let mask = UpdateFigures.indexCount - 1
            ids.withUnsafeBufferPointer { ids in
                for i in 0..<ops {
                    let index = Int(indices[(offset &+ i) & mask])
                    let value = AttributeValue.number(Double((round &* ops &+ i) &* 2 &+ lane))
                    do {
                        // The id is lent straight from the list, as a caller lends the id it holds.
                        _ = try store.mutate(ids[index]) { $0.attributes["n"] = value }
                    } catch {
                        failures += 1
                    }
                }
            }
            return failures
        }
    }

    static func measure(sessions: Int) throws -> UpdateFigures {
        let fixture = try Fixture(sessions: sessions)
        let cpus = Machine.allowedCPUs()
        var round = 0
        var failures = 0

        // 1 thread, on the last allowed CPU.
        if let cpu = cpus.last { Machine.pinCurrentThread(to: cpu) }
        failures += fixture.run(ops: opsPerSample, offset: 0, lane: 0, round: -1)  // warm-up
        var singles: [Double] = []
        for sample in 0..<samples {
            let start = Machine.nanos()
            failures += fixture.run(ops: opsPerSample, offset: sample * opsPerSample, lane: 0, round: round)
            singles.append(Double(Machine.nanos() - start) / Double(opsPerSample))
            round += 1
        }
        Machine.allow(cpus)

        // 2 threads, one per CPU when there are two.
        var parallels: [Double] = []
        for sample in 0..<(samples + 1) {
            let (wall, failed) = twoThreads(fixture, cpus: cpus, round: round, sample: sample)
            failures += failed
            if sample > 0 { parallels.append(Double(wall) / Double(opsPerSample)) }  // sample 0 warms up
            round += 1
        }
        guard failures == 0 else { throw BenchmarkError(description: "\(failures) updates failed") }
        // Warm-up and samples on 1 thread, then 2 threads per parallel round.
        let singleOps = (1 + samples) * opsPerSample
        try checkVersions(fixture, expectedOps: singleOps + 2 * (samples + 1) * opsPerSample)
        return UpdateFigures(sessions: sessions, single: median(singles), parallel: median(parallels))
    }

    /// A start line for the two threads.
    final class Barrier: Sendable {
        let arrived = Atomic<Int>(0)
    }

    /// Both threads start together (spin barrier) and each times itself; the wall time is from the
    /// first start to the last end.
    static func twoThreads(_ fixture: Fixture, cpus: [Int], round: Int, sample: Int) -> (UInt64, Int) {
        let barrier = Barrier()
        let results = Mutex<[(start: UInt64, end: UInt64, failures: Int)]>([])
        let done = DispatchSemaphore(value: 0)
        for lane in 0..<2 {
            let thread = Thread {
                if cpus.count >= 2 { Machine.pinCurrentThread(to: cpus[lane]) }
                barrier.arrived.add(1, ordering: .acquiringAndReleasing)
                while barrier.arrived.load(ordering: .acquiring) < 2 {}
                let start = Machine.nanos()
                let offset = (sample * 2 + lane) * opsPerSample + 12_345 * lane
                let failed = fixture.run(ops: opsPerSample, offset: offset, lane: lane, round: round)
                let end = Machine.nanos()
                results.withLock { $0.append((start, end, failed)) }
                done.signal()
            }
            thread.start()
        }
        done.wait()
        done.wait()
        return results.withLock { all in
            let start = all.map(\.start).min() ?? 0
            let end = all.map(\.end).max() ?? 0
            return (end - start, all.reduce(0) { $0 + $1.failures })
        }
    }

    /// Every update above changed its session: the versions must have grown by exactly that many.
    static func checkVersions(_ fixture: Fixture, expectedOps: Int) throws {
        var grown = 0
        for id in fixture.ids {
            guard let session = fixture.store.session(id) else {
                throw BenchmarkError(description: "session \(id) vanished")
            }
            grown += session.version - 2  // 1 at creation, 2 after the stack was set
        }
        guard grown == expectedOps else {
            throw BenchmarkError(description: "versions grew by \(grown), expected \(expectedOps) updates")
        }
    }

    /// For callgrind: single-thread updates only.
    static func profile(ops: Int, sessions: Int) throws {
        let fixture = try Fixture(sessions: sessions)
        let failures = fixture.run(ops: ops, offset: 0, lane: 0, round: 0)
        print("profile: \(ops) updates, \(failures) failures")
    }
}
