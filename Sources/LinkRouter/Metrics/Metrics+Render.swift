import Synchronization

/// The Prometheus text exposition (format 0.0.4) of the counters.
extension Metrics {
    static let requestsName = "linkrouter_http_requests_total"
    static let latencyName = "linkrouter_http_request_duration_seconds"
    static let navigationsName = "linkrouter_navigations_total"
    static let reloadsName = "linkrouter_config_reloads_total"
    static let sessionsName = "linkrouter_sessions"

    /// The exposition, with the sessions gauge read from the closure given at initialization.
    public func render() -> [UInt8] {
        render(sessions: sessionCount())
    }

    /// The exposition, with `sessions` as the sessions gauge.
    ///
    /// Request series and histograms appear once their endpoint has answered at least once (as
    /// Prometheus client libraries create labelled children on first use); navigation and
    /// reload counters are always all there.
    public func render(sessions: Int) -> [UInt8] {
        var text = ExpositionText(capacity: 8192)

        text.header(Self.requestsName, help: "HTTP requests answered, by endpoint and status.", type: "counter")
        for endpoint in Endpoint.allCases {
            let row = endpoint.rawValue * Self.statusSlots
            for slot in 0..<Self.statusSlots {
                let count = requests[row + slot].load(ordering: .relaxed)
                guard count > 0 else { continue }
                text.append(Self.requestsName)
                text.append("{endpoint=\"")
                text.append(endpoint.label)
                text.append("\",status=\"")
                if slot < Self.countedStatuses.count {
                    text.appendInt(Self.countedStatuses[slot])
                } else {
                    text.append("other")
                }
                text.append("\"} ")
                text.appendInt(count)
                text.newline()
            }
        }

        text.header(Self.latencyName, help: "Time to answer a request, by endpoint.", type: "histogram")
        for endpoint in Endpoint.allCases {
            renderHistogram(of: endpoint, into: &text)
        }

        text.header(Self.navigationsName, help: "Navigations, by outcome.", type: "counter")
        for result in NavigationResult.allCases {
            text.append(Self.navigationsName)
            text.append("{outcome=\"")
            text.append(result.label)
            text.append("\"} ")
            text.appendInt(navigations[result.rawValue].load(ordering: .relaxed))
            text.newline()
        }

        text.header(Self.reloadsName, help: "Configuration reloads, by result.", type: "counter")
        for (index, result) in ["ok", "failed"].enumerated() {
            text.append(Self.reloadsName)
            text.append("{result=\"")
            text.append(result)
            text.append("\"} ")
            text.appendInt(reloads[index].load(ordering: .relaxed))
            text.newline()
        }

        text.header(Self.sessionsName, help: "Sessions held in memory.", type: "gauge")
        text.append(Self.sessionsName)
        text.append(" ")
        text.appendInt(sessions)
        text.newline()
        return text.bytes
    }

    /// Cumulative buckets, `_sum` and `_count` of one endpoint, from one read of each bucket, so
    /// that `+Inf` always equals `_count`.
    private func renderHistogram(of endpoint: Endpoint, into text: inout ExpositionText) {
        let row = endpoint.rawValue * Self.bucketSlots
        var counts = [Int](repeating: 0, count: Self.bucketSlots)
        for slot in 0..<Self.bucketSlots {
            counts[slot] = latencyBuckets[row + slot].load(ordering: .relaxed)
        }
        let total = counts.reduce(0, +)
        guard total > 0 else { return }
        var cumulative = 0
        for slot in 0..<Self.bucketSlots {
            cumulative += counts[slot]
            text.append(Self.latencyName)
            text.append("_bucket{endpoint=\"")
            text.append(endpoint.label)
            text.append("\",le=\"")
            if slot < Self.bucketBounds.count {
                text.appendSeconds(nanoseconds: Self.bucketBounds[slot])
            } else {
                text.append("+Inf")
            }
            text.append("\"} ")
            text.appendInt(cumulative)
            text.newline()
        }
        text.append(Self.latencyName)
        text.append("_sum{endpoint=\"")
        text.append(endpoint.label)
        text.append("\"} ")
        text.appendSeconds(nanoseconds: latencySums[endpoint.rawValue].load(ordering: .relaxed))
        text.newline()
        text.append(Self.latencyName)
        text.append("_count{endpoint=\"")
        text.append(endpoint.label)
        text.append("\"} ")
        text.appendInt(total)
        text.newline()
    }
}

/// Exposition text under construction. Names, label values and help texts all come from the
/// fixed tables above (plain ASCII with no `"`, `\` or newline), so nothing needs escaping.
private struct ExpositionText {
    var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func appendInt(_ value: Int) {
        JSONNumberText.appendDecimal(value, to: &bytes)
    }

    mutating func appendSeconds(nanoseconds: Int) {
        JSONNumberText.appendSeconds(nanoseconds: nanoseconds, to: &bytes)
    }

    mutating func newline() {
        bytes.append(JSONByte.newline)
    }

    mutating func header(_ name: String, help: String, type: String) {
        append("# HELP ")
        append(name)
        append(" ")
        append(help)
        newline()
        append("# TYPE ")
        append(name)
        append(" ")
        append(type)
        newline()
    }
}
