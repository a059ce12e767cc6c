import Foundation
import LinkNavigation
import LinkRouting

/// Times the session store's update (get + mutate + version bump) on 1 and 2 threads, measures the
/// memory of 1,000,000 sessions with 3-screen stacks, times one typical `extend` resolution, and ends
/// with one summary line.
///
/// `StoreBenchmark [--profile OPS [SESSIONS] | --profile-resolve OPS | --updates]`: with `--profile`,
/// only single-thread updates over the hot set (or `SESSIONS`), for callgrind (`--profile-resolve`:
/// only resolutions); with `--updates`, only the update timings.
@main
struct StoreBenchmark {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        do {
            if let index = args.firstIndex(of: "--profile-resolve") {
                let ops = index + 1 < args.count ? Int(args[index + 1]) ?? 100_000 : 100_000
                try ResolveFigure.profile(ops: ops)
                return
            }
            if let index = args.firstIndex(of: "--profile") {
                let ops = index + 1 < args.count ? Int(args[index + 1]) ?? 1_000_000 : 1_000_000
                let sessions =
                    index + 2 < args.count
                    ? Int(args[index + 2]) ?? UpdateFigures.hotSessions : UpdateFigures.hotSessions
                try UpdateFigures.profile(ops: ops, sessions: sessions)
                return
            }
            if args.contains("--updates") {
                for sessions in [UpdateFigures.hotSessions, UpdateFigures.coldSessions] {
                    report(try UpdateFigures.measure(sessions: sessions))
                }
                return
            }
            // Memory first, in a fresh heap, so that nothing freed earlier is reused by the sessions.
            let bytesPerSession = try MemoryFigure.measure()
            let cold = try UpdateFigures.measure(sessions: UpdateFigures.coldSessions)
            report(cold)
            let updates = try UpdateFigures.measure(sessions: UpdateFigures.hotSessions)
            report(updates)
            let resolve = ResolveFigure.measure()
            print(
                "store: \(format(updates.single)) ns/op (1 thread), \(format(updates.parallel)) ns/op (2 threads), "
                    + "\(Int(bytesPerSession.rounded())) bytes/session at 1M sessions with 3-screen stacks; "
                    + "resolve: \(resolve.map { format($0) } ?? "n/a") ns"
            )
        } catch {
            FileHandle.standardError.write(Data("bench-store: \(error)\n".utf8))
            exit(1)
        }
    }

    /// One line per working set: `update over N sessions: X ns/op (1 thread), Y ns/op (2 threads)`.
    static func report(_ updates: UpdateFigures) {
        print(
            "update over \(updates.sessions) sessions: \(format(updates.single)) ns/op (1 thread), "
                + "\(format(updates.parallel)) ns/op (2 threads)"
        )
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

/// A failed benchmark precondition.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}

/// The stack every benchmark session holds: home > catalog > product(id: n, ref: mail).
enum Stacks {
    static func threeScreens(_ n: Int) -> [StackEntry] {
        [
            StackEntry(id: "e1", screen: "home", params: [:], presentation: .root),
            StackEntry(id: "e2", screen: "catalog", params: [:], presentation: .push),
            StackEntry(
                id: "e3",
                screen: "product",
                params: ["id": .int(Int64(n)), "ref": .string("mail")],
                presentation: .push
            ),
        ]
    }
}
