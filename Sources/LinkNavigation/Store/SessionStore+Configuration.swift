#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SessionStore {
    /// The store's settings (SPEC §6 "Sessions").
    public struct Configuration: Sendable {
        /// How long a session may go unused before it expires. Any access refreshes it.
        public var idleTTL: Duration
        /// The most live sessions the store holds; creating one more throws ``SessionStoreError/sessionLimit``.
        public var maxSessions: Int
        /// How many independently locked shards hold the sessions; rounded up to a power of two
        /// between 1 and 4,096.
        public var shardCount: Int

        /// Settings with the SPEC's defaults: a 30-minute idle TTL and at most 1,000,000 sessions.
        /// - Parameters:
        ///   - idleTTL: How long an unused session lives; at most millisecond resolution counts.
        ///   - maxSessions: The most live sessions held at once.
        ///   - shardCount: Independently locked shards; more shards, less contention.
        public init(idleTTL: Duration = .seconds(1800), maxSessions: Int = 1_000_000, shardCount: Int = 64) {
            self.idleTTL = idleTTL
            self.maxSessions = maxSessions
            self.shardCount = shardCount
        }

        /// ``shardCount`` as the store uses it: a power of two in 1...4096.
        var effectiveShardCount: Int {
            let wanted = min(max(shardCount, 1), 4096)
            var count = 1
            while count < wanted { count <<= 1 }
            return count
        }

        /// ``idleTTL`` in whole milliseconds, saturated to `Int64`'s range.
        var idleTTLMilliseconds: Int64 {
            let (seconds, attoseconds) = idleTTL.components
            let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            if overflow { return seconds < 0 ? .min : .max }
            let (total, overflow2) = millis.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
            if overflow2 { return seconds < 0 ? .min : .max }
            return total
        }
    }

    /// Where the store reads the time: milliseconds on a monotonic scale with any fixed origin.
    ///
    /// A plain integer reading keeps the clock off the request's budget: `ContinuousClock.now` plus
    /// `Duration` arithmetic costs about 35 ns here, a coarse monotonic reading about 6 ns. Tests pass
    /// a manual source to drive the idle TTL without sleeping.
    public struct TimeSource: Sendable {
        /// Returns the current reading in milliseconds; it must never go backwards.
        public let milliseconds: @Sendable () -> Int64

        /// A time source that reads `milliseconds`.
        /// - Parameter milliseconds: The current time in milliseconds since any fixed origin.
        public init(milliseconds: @escaping @Sendable () -> Int64) {
            self.milliseconds = milliseconds
        }

        /// The system's coarse monotonic clock (`CLOCK_MONOTONIC_COARSE` on Linux, resolution of a
        /// few milliseconds), ample for idle TTLs of minutes. The default.
        public static let coarseMonotonic = TimeSource {
            #if os(Linux)
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
            return Int64(now.tv_sec) &* 1000 &+ Int64(now.tv_nsec / 1_000_000)
            #elseif canImport(Darwin)
            return Int64(clock_gettime_nsec_np(CLOCK_UPTIME_RAW_APPROX) / 1_000_000)
            #else
            return continuousMilliseconds()
            #endif
        }

        /// `ContinuousClock`, for platforms without a cheap coarse clock.
        public static let continuous = TimeSource { continuousMilliseconds() }

        private static let origin = ContinuousClock.now

        private static func continuousMilliseconds() -> Int64 {
            let (seconds, attoseconds) = (ContinuousClock.now - origin).components
            return seconds &* 1000 &+ attoseconds / 1_000_000_000_000_000
        }
    }
}
