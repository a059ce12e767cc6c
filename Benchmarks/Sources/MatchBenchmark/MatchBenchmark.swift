import Foundation
import LinkRouting

/// Times LinkRouting against RoutingKit's TrieRouter on the GitHub API set and LinkRouting on 2,000
/// vs 26 generated deep-link routes, counts mallocs per match, and ends with one summary line.
///
/// `MatchBenchmark [routes-file] [--profile PASSES [--built]]`. With the malloc interposer LD_PRELOADed, this
/// process counts allocations, then re-runs itself without LD_PRELOAD for the timings, so that the
/// interposer's malloc wrapper does not slow the timed lookups.
@main
struct MatchBenchmark {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        let routesFile = args.first { !$0.hasPrefix("--") && !isOptionValue($0, in: args) }
            ?? "../shared/bench/github_routes.txt"
        do {
            if let passes = value(of: "--profile", in: args) {
                try profile(routesFile: routesFile, passes: Int(passes) ?? 1000, buildingParams: args.contains("--built"))
            } else if let allocs = value(of: "--timing-child", in: args) {
                let fixture = try Fixture(routesFile: routesFile)
                print(fixture.summary)
                Report.print(TimingFigures.measure(fixture), AllocationFigures(encoded: allocs))
            } else if Allocations.available {
                let allocs = AllocationFigures.measure(try Fixture(routesFile: routesFile))
                exit(try runTimingChild(routesFile: routesFile, allocs: allocs))
            } else {
                let fixture = try Fixture(routesFile: routesFile)
                print(fixture.summary)
                Report.print(TimingFigures.measure(fixture), .unmeasured)
            }
        } catch {
            FileHandle.standardError.write(Data("bench-match: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs this executable again without the interposer in LD_PRELOAD for the timings; returns its exit status.
    static func runTimingChild(routesFile: String, allocs: AllocationFigures) throws -> Int32 {
        fflush(nil)  // nothing is printed before, but keep the order if that changes
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [routesFile, "--timing-child", allocs.encoded]
        var environment = ProcessInfo.processInfo.environment
        let preload = (environment["LD_PRELOAD"] ?? "").split(whereSeparator: { $0 == ":" || $0 == " " })
            .filter { !$0.contains("MallocInterposer") }
        environment["LD_PRELOAD"] = preload.isEmpty ? nil : preload.joined(separator: ":")
        child.environment = environment
        try child.run()
        child.waitUntilExit()
        return child.terminationStatus
    }

    /// For callgrind: LinkRouting's GitHub passes only, no timing, no peers; with `--built`, the
    /// passes also build every match's params.
    static func profile(routesFile: String, passes: Int, buildingParams: Bool) throws {
        let github = try GitHubRoute.load(from: routesFile)
        let table = try RouteTable(GitHubRoute.definitions(github), schemes: ["shop"], hosts: [GitHubRoute.host])
        let urls = github.map(\.lookupURL)
        var sum = 0
        for _ in 0..<passes {
            sum &+= buildingParams
                ? LinkRoutingPasses.passBuildingParams(table, urls) : LinkRoutingPasses.pass(table, urls)
        }
        print("profile: \(passes) passes of \(urls.count) URLs, checksum \(sum)")
    }

    static func value(of option: String, in args: [String]) -> String? {
        guard let i = args.firstIndex(of: option), i + 1 < args.count else { return nil }
        return args[i + 1]
    }

    static func isOptionValue(_ arg: String, in args: [String]) -> Bool {
        guard let i = args.firstIndex(of: arg), i > 0 else { return false }
        return args[i - 1] == "--profile" || args[i - 1] == "--timing-child"
    }
}
