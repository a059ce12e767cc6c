#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the monotonic clock, for request latencies (a vDSO call, no allocation).
enum MonotonicClock {
    static func nanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        // Wrapping arithmetic: a monotonic reading is far from overflowing, and the checks were
        // branches on every request.
        return now.tv_sec &* 1_000_000_000 &+ now.tv_nsec
    }
}
