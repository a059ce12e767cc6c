import Foundation

/// Process facts the benchmark reads: resident memory, CPUs, the monotonic clock.
enum Machine {
    static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else {
            throw BenchmarkError(description: "cannot read /proc/self/statm: \(text)")
        }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// `sched_getaffinity`/`sched_setaffinity` (pid 0: the calling thread). Glibc's module map leaves
    /// them out (they need `_GNU_SOURCE`), so they are looked up at run time.
    private typealias AffinityCall = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private static let getAffinity = lookUp("sched_getaffinity")
    private static let setAffinity = lookUp("sched_setaffinity")

    private static func lookUp(_ name: String) -> AffinityCall? {
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }

    /// A CPU mask of 1,024 CPUs, as `cpu_set_t`.
    private static func mask(_ cpus: [Int]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 16)
        for cpu in cpus where cpu >= 0 && cpu < 1024 { words[cpu / 64] |= 1 << UInt64(cpu % 64) }
        return words
    }

    /// The CPUs this process may run on (as `taskset` left them), lowest first.
    static func allowedCPUs() -> [Int] {
        var words = mask([])
        let status = words.withUnsafeMutableBytes { getAffinity?(0, $0.count, $0.baseAddress!) ?? -1 }
        guard status == 0 else { return [] }
        return (0..<1024).filter { words[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
    }

    /// Pins the calling thread to one CPU; does nothing if that fails.
    static func pinCurrentThread(to cpu: Int) { allow([cpu]) }

    /// Lets the calling thread run on `cpus`; does nothing if that fails.
    static func allow(_ cpus: [Int]) {
        guard !cpus.isEmpty else { return }
        var words = mask(cpus)
        _ = words.withUnsafeMutableBytes { setAffinity?(0, $0.count, $0.baseAddress!) }
    }
}

/// The median of samples.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
