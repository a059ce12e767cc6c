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
}
