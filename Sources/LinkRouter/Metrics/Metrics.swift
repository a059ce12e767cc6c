public import LinkNavigation
import Synchronization

/// Counters for the admin port's `GET /metrics`, rendered as Prometheus text (format 0.0.4).
///
/// Recording is lock-free: every counter is an `Atomic<Int>` at a fixed place in an inline
/// array, so a request costs three relaxed atomic additions and no allocation. Rendering reads
/// the counters one by one; a scrape that races with requests may see one request's count
/// without its latency, never a histogram whose buckets disagree with its count.
public final class Metrics: Sendable {
    /// The `Content-Type` of ``render()``.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Status codes counted under their own label; any other is counted as `other`.
    public static let countedStatuses = [
        200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 414, 415, 422, 431, 500, 503, 508,
    ]
    /// Upper bounds of the latency buckets, in nanoseconds (the last bucket, `+Inf`, is implicit).
    public static let bucketBounds = [
        50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000, 100_000_000,
    ]

    /// Literal sizes, so the hot path needs no lazy global; the initializer checks them.
    static let statusSlots = 18
    static let bucketSlots = 11

    /// Requests by endpoint and status: `endpoint.rawValue * statusSlots + statusSlot(status)`.
    let requests: InlineArray<270, Atomic<Int>>
    /// Latency bucket counts (not cumulative) by endpoint: `endpoint.rawValue * bucketSlots + slot`.
    let latencyBuckets: InlineArray<165, Atomic<Int>>
    /// Sum of latencies by endpoint, in nanoseconds.
    let latencySums: InlineArray<15, Atomic<Int>>
    let navigations: InlineArray<8, Atomic<Int>>
    /// Reloads: index 0 succeeded, 1 failed.
    let reloads: InlineArray<2, Atomic<Int>>
    let sessionCount: @Sendable () -> Int

    /// - Parameter sessions: Read by ``render()`` for the sessions gauge.
    public init(sessions: @escaping @Sendable () -> Int = { 0 }) {
        precondition(
            Self.countedStatuses.count + 1 == Self.statusSlots
                && Self.bucketBounds.count + 1 == Self.bucketSlots
                && Endpoint.allCases.count * Self.statusSlots == 270
                && Endpoint.allCases.count * Self.bucketSlots == 165
                && Endpoint.allCases.count == 15
                && NavigationResult.allCases.count == 8,
            "resize the Metrics counter arrays to the endpoint, status and outcome tables"
        )
        requests = InlineArray { _ in Atomic(0) }
        latencyBuckets = InlineArray { _ in Atomic(0) }
        latencySums = InlineArray { _ in Atomic(0) }
        navigations = InlineArray { _ in Atomic(0) }
        reloads = InlineArray { _ in Atomic(0) }
        sessionCount = sessions
    }

    /// Counts one answered request and its latency. Inlined into the responder, its one caller on
    /// the request path: three additions, where a call costs as much.
    @inline(__always)
    public func record(endpoint: Endpoint, status: Int, nanoseconds: Int) {
        let row = endpoint.rawValue
        let latency = max(0, nanoseconds)
        requests[row * Self.statusSlots + Self.statusSlot(status)].wrappingAdd(1, ordering: .relaxed)
        latencyBuckets[row * Self.bucketSlots + Self.bucketSlot(nanoseconds: latency)]
            .wrappingAdd(1, ordering: .relaxed)
        latencySums[row].wrappingAdd(latency, ordering: .relaxed)
    }

    public func recordNavigation(_ result: NavigationResult) {
        navigations[result.rawValue].wrappingAdd(1, ordering: .relaxed)
    }

    public func recordReload(succeeded: Bool) {
        reloads[succeeded ? 0 : 1].wrappingAdd(1, ordering: .relaxed)
    }

    /// The slot of `status` in a row of ``requests``: its place in ``countedStatuses``, else the last.
    @inline(__always)
    static func statusSlot(_ status: Int) -> Int {
        switch status {
        case 200: 0
        case 201: 1
        case 204: 2
        case 400: 3
        case 401: 4
        case 403: 5
        case 404: 6
        case 405: 7
        case 409: 8
        case 413: 9
        case 414: 10
        case 415: 11
        case 422: 12
        case 431: 13
        case 500: 14
        case 503: 15
        case 508: 16
        default: 17
        }
    }

    /// The first bucket whose bound is at least `nanoseconds` (Prometheus buckets are `le`).
    @inline(__always)
    static func bucketSlot(nanoseconds: Int) -> Int {
        switch nanoseconds {
        case ...50_000: 0
        case ...100_000: 1
        case ...250_000: 2
        case ...500_000: 3
        case ...1_000_000: 4
        case ...2_500_000: 5
        case ...5_000_000: 6
        case ...10_000_000: 7
        case ...25_000_000: 8
        case ...100_000_000: 9
        default: 10
        }
    }
}

extension Metrics {
    /// How a navigation ended, as counted in `linkrouter_navigations_total{outcome=…}`.
    public enum NavigationResult: Int, CaseIterable, Sendable {
        case navigated
        case parked
        case redirectedScreen
        case unchanged
        case noRoute
        case rejected
        case invalidParam
        case error

        /// The `outcome` label value.
        public var label: String {
            switch self {
            case .navigated: "navigated"
            case .parked: "parked"
            case .redirectedScreen: "redirected_screen"
            case .unchanged: "unchanged"
            case .noRoute: "no_route"
            case .rejected: "rejected"
            case .invalidParam: "invalid_param"
            case .error: "error"
            }
        }

        /// The result of a navigation that went through.
        public init(_ status: NavigationOutcome.Status) {
            switch status {
            case .navigated: self = .navigated
            case .parked: self = .parked
            case .redirectedScreen: self = .redirectedScreen
            case .unchanged: self = .unchanged
            }
        }
    }
}
