#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SessionStore {
    /// Where the store reads the time: milliseconds on a monotonic scale with any fixed origin.
    ///
    /// A plain integer reading keeps the clock off the request's budget: `ContinuousClock.now` plus
    /// `Duration` arithmetic costs about 35 ns here, a coarse monotonic reading about 6 ns. Tests pass
    /// a manual source to drive the idle TTL without sleeping.
    public struct TimeSource: Sendable {
        /// Returns the current reading in milliseconds; it must never go backwards.
        public let milliseconds: @Sendable () -> Int64
        /// Whether this is ``coarseMonotonic``, which the store reads in place (``now()``).
        private let isCoarseMonotonic: Bool

        /// A time source that reads `milliseconds`.
        /// - Parameter milliseconds: The current time in milliseconds since any fixed origin.
        public init(milliseconds: @escaping @Sendable () -> Int64) {
            self.init(milliseconds: milliseconds, isCoarseMonotonic: false)
        }

        private init(milliseconds: @escaping @Sendable () -> Int64, isCoarseMonotonic: Bool) {
            self.milliseconds = milliseconds
            self.isCoarseMonotonic = isCoarseMonotonic
        }

        /// The system's coarse monotonic clock (`CLOCK_MONOTONIC_COARSE` on Linux, resolution of a
        /// few milliseconds), ample for idle TTLs of minutes. The default.
        public static let coarseMonotonic = TimeSource(
            milliseconds: { coarseMilliseconds() },
            isCoarseMonotonic: true
        )

        /// The current reading: ``milliseconds``, or for ``coarseMonotonic`` the clock read in place,
        /// without a call through the closure.
        @inline(__always)
        func now() -> Int64 {
            isCoarseMonotonic ? Self.coarseMilliseconds() : milliseconds()
        }

        @inline(__always)
        private static func coarseMilliseconds() -> Int64 {
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
