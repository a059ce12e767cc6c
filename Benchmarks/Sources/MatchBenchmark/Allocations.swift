#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// malloc counts through ordo-one/malloc-interposer's C entry points (the functions behind
/// `MallocInterposerSwift.initialize/hook/unhook/getStatistics`), looked up with dlsym so the binary
/// only carries the interposer when it is LD_PRELOADed (see Package.swift).
struct Interposer {
    typealias Void0 = @convention(c) () -> Void
    typealias Stats = @convention(c) (
        UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
        UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
    ) -> Void

    let reset: Void0
    let enable: Void0
    let disable: Void0
    let stats: Stats

    /// The interposer loaded in this process, if any.
    static let loaded: Interposer? = {
        #if os(Linux)
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(everywhere, name) }
        guard let reset = symbol("malloc_interposer_reset"), let enable = symbol("malloc_interposer_enable"),
            let disable = symbol("malloc_interposer_disable"), let stats = symbol("malloc_interposer_get_stats")
        else { return nil }
        return Interposer(
            reset: unsafeBitCast(reset, to: Void0.self),
            enable: unsafeBitCast(enable, to: Void0.self),
            disable: unsafeBitCast(disable, to: Void0.self),
            stats: unsafeBitCast(stats, to: Stats.self)
        )
    }()

    var mallocCount: Int {
        var values = [Int64](repeating: 0, count: 6)  // all six out-parameters must be valid pointers
        values.withUnsafeMutableBufferPointer { v in
            stats(v.baseAddress, v.baseAddress! + 1, v.baseAddress! + 2, v.baseAddress! + 3, v.baseAddress! + 4, v.baseAddress! + 5)
        }
        return Int(values[0])
    }
}

enum Allocations {
    /// Whether mallocs are really counted: an array allocated in a counted region must show up.
    static let available: Bool = {
        guard Interposer.loaded != nil else { return false }
        return mallocs(iterations: 1) { allocateSomething(16) } >= 1
    }()

    @inline(never)
    static func allocateSomething(_ n: Int) -> Int {
        let array = [Int](repeating: n, count: n)
        return array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } & 1
    }

    /// Counted mallocs of `iterations` calls of `body`.
    static func mallocs(iterations: Int, _ body: () -> Int) -> Int {
        guard let interposer = Interposer.loaded else { return 0 }
        var sum = 0
        interposer.reset()
        interposer.enable()
        for _ in 0..<iterations { sum &+= body() }
        interposer.disable()
        Timing.checksum &+= sum
        return interposer.mallocCount
    }

    /// Mallocs per call of `body`, or nil when the interposer is not loaded.
    static func perCall(_ body: () -> Int) -> Double? {
        guard available else { return nil }
        for _ in 0..<100 { Timing.checksum &+= body() }  // warm caches and lazy globals outside the count
        let n = 10_000
        return Double(mallocs(iterations: n, body)) / Double(n)
    }

    /// `0`, `1` when exact, else two decimals; `unmeasured` without the interposer.
    static func format(_ value: Double?) -> String {
        guard let value else { return "unmeasured" }
        if value == value.rounded() { return String(Int(value)) }
        let hundredths = Int((value * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    }
}
