#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something to time: one pass does `lookupsPerPass` lookups and returns a checksum.
struct Workload {
    let name: String
    let lookupsPerPass: Int
    let pass: () -> Int
}

/// Medians of repeated, interleaved samples.
enum Timing {
    static let samples = 15
    /// Each sample runs enough passes to last at least this long.
    static let minSampleNanos: UInt64 = 20_000_000
    static let warmUpNanos: UInt64 = 100_000_000

    /// Keeps results alive so the optimiser cannot drop the lookups.
    nonisolated(unsafe) static var checksum = 0

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Runs `passes` passes; returns the elapsed nanoseconds.
    static func run(_ workload: Workload, passes: Int) -> UInt64 {
        var sum = 0
        let start = now()
        for _ in 0..<passes { sum &+= workload.pass() }
        let elapsed = now() - start
        checksum &+= sum
        return elapsed
    }

    /// Median ns per lookup and the interquartile range relative to it (a noise indicator).
    struct Result {
        let median: Double
        let spread: Double
    }

    /// Warms up each workload, then takes ``samples`` samples of each in turn (A B A B ...), so slow
    /// drifts of the machine hit all of them alike. Returns one result per workload, in order.
    static func measure(_ workloads: [Workload]) -> [Result] {
        var passes: [Int] = []
        for workload in workloads {
            // Warm up and calibrate: double the pass count until one sample lasts long enough.
            var n = 1
            let warmUpStart = now()
            while true {
                let elapsed = run(workload, passes: n)
                if elapsed >= minSampleNanos && now() - warmUpStart >= warmUpNanos { break }
                if elapsed < minSampleNanos { n *= 2 }
            }
            passes.append(n)
        }
        var perLookup = Array(repeating: [Double](), count: workloads.count)
        for _ in 0..<samples {
            for (i, workload) in workloads.enumerated() {
                let elapsed = run(workload, passes: passes[i])
                perLookup[i].append(Double(elapsed) / Double(passes[i] * workload.lookupsPerPass))
            }
        }
        return perLookup.map { values in
            let median = quantile(values, 0.5)
            return Result(median: median, spread: (quantile(values, 0.75) - quantile(values, 0.25)) / median)
        }
    }

    /// Linear interpolation between the closest ranks.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = Swift.min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
