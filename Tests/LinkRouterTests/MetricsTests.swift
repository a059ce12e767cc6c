import Dispatch
import LinkNavigation
import Synchronization
import Testing

@testable import LinkRouter

/// A line-by-line reader of the Prometheus text format 0.0.4, strict enough to catch mistakes.
struct PrometheusExposition {
    struct Sample: Hashable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct FormatError: Error, CustomStringConvertible {
        let line: Int
        let text: String
        let problem: String
        var description: String { "line \(line): \(problem): \(text)" }
    }

    var types: [String: String] = [:]
    var helps: [String: String] = [:]
    var samples: [Sample] = []

    init(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasSuffix("\n") else { throw FormatError(line: 0, text: "", problem: "no final newline") }
        var familiesSeen: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let fail = { (problem: String) in FormatError(line: number + 1, text: String(line), problem: problem) }
            if line.hasPrefix("# ") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count == 4, Self.isMetricName(parts[2]) else { throw fail("bad comment") }
                let name = String(parts[2])
                switch parts[1] {
                case "HELP":
                    guard helps.updateValue(String(parts[3]), forKey: name) == nil else { throw fail("second HELP") }
                case "TYPE":
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                        throw fail("unknown type")
                    }
                    guard types.updateValue(String(parts[3]), forKey: name) == nil else { throw fail("second TYPE") }
                    guard !familiesSeen.contains(name) else { throw fail("TYPE after samples") }
                    familiesSeen.append(name)
                default: throw fail("unknown comment")
                }
                continue
            }
            let sample = try Self.sample(line, fail)
            guard let family = familiesSeen.last else { throw fail("a sample before any TYPE") }
            let suffix = sample.name.dropFirst(family.count)
            let allowed = types[family] == "histogram" ? ["_bucket", "_sum", "_count"] : [""]
            guard sample.name.hasPrefix(family), allowed.contains(String(suffix)) else {
                throw fail("sample outside its family \(family)")
            }
            guard !samples.contains(where: { $0.name == sample.name && $0.labels == sample.labels }) else {
                throw fail("repeated series")
            }
            samples.append(sample)
        }
    }

    static func isMetricName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let head = first == "_" || first == ":" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        return head
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || $0 == ":" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || ("0"..."9").contains($0)
            }
    }

    static func sample(_ line: Substring, _ fail: (String) -> FormatError) throws -> Sample {
        var rest = line[...]
        let nameEnd = rest.firstIndex { $0 == "{" || $0 == " " } ?? rest.endIndex
        let name = rest[..<nameEnd]
        guard isMetricName(name) else { throw fail("bad metric name") }
        rest = rest[nameEnd...]
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                guard let equals = rest.firstIndex(of: "=") else { throw fail("label without =") }
                let labelName = rest[..<equals]
                guard isMetricName(labelName), !labelName.contains(":") else { throw fail("bad label name") }
                rest = rest[rest.index(after: equals)...]
                guard rest.first == "\"" else { throw fail("unquoted label value") }
                rest = rest.dropFirst()
                var value = ""
                while let character = rest.first, character != "\"" {
                    if character == "\\" {
                        rest = rest.dropFirst()
                        guard let escaped = rest.first, "\\\"n".contains(escaped) else { throw fail("bad escape") }
                        value.append(escaped == "n" ? "\n" : escaped)
                    } else {
                        value.append(character)
                    }
                    rest = rest.dropFirst()
                }
                guard rest.first == "\"" else { throw fail("unterminated label value") }
                rest = rest.dropFirst()
                guard labels.updateValue(value, forKey: String(labelName)) == nil else { throw fail("repeated label") }
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw fail("bad label list")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("no space before the value") }
        let valueText = rest.dropFirst()
        let value: Double? =
            switch valueText {
            case "+Inf": .infinity
            case "-Inf": -.infinity
            case "NaN": .nan
            default: Double(valueText)
            }
        guard let value else { throw fail("bad value") }
        return Sample(name: String(name), labels: labels, value: value)
    }

    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    func samples(named name: String) -> [Sample] {
        samples.filter { $0.name == name }
    }

    /// What is wrong with the histograms: each label set's buckets must ascend in `le`, end at
    /// `+Inf`, have non-decreasing (cumulative) counts, and `+Inf` must equal `_count`.
    var histogramProblems: [String] {
        var problems: [String] = []
        for (family, type) in types where type == "histogram" {
            var byLabels: [[String: String]: [(le: Double, count: Double)]] = [:]
            for sample in samples(named: family + "_bucket") {
                var labels = sample.labels
                guard let le = labels.removeValue(forKey: "le").flatMap({ $0 == "+Inf" ? .infinity : Double($0) })
                else {
                    problems.append("bucket without a numeric le: \(sample)")
                    continue
                }
                byLabels[labels, default: []].append((le, sample.value))
            }
            for (labels, buckets) in byLabels {
                if buckets.map(\.le) != buckets.map(\.le).sorted() { problems.append("le out of order: \(labels)") }
                if buckets.map(\.count) != buckets.map(\.count).sorted() {
                    problems.append("not cumulative: \(labels)")
                }
                if buckets.last?.le != .infinity { problems.append("no +Inf bucket: \(labels)") }
                if buckets.last?.count != value(family + "_count", labels) {
                    problems.append("+Inf != _count: \(labels)")
                }
                if value(family + "_sum", labels) == nil { problems.append("no _sum: \(labels)") }
            }
        }
        return problems
    }
}

@Suite struct MetricsTests {
    private let requests = "linkrouter_http_requests_total"
    private let latency = "linkrouter_http_request_duration_seconds"

    @Test func renderedCountsAreWhatWasRecorded() throws {
        let metrics = Metrics()
        metrics.record(endpoint: .navigate, status: 200, nanoseconds: 40_000)
        metrics.record(endpoint: .navigate, status: 200, nanoseconds: 50_000)
        metrics.record(endpoint: .navigate, status: 404, nanoseconds: 50_001)
        metrics.record(endpoint: .navigate, status: 418, nanoseconds: 3_000_000)
        metrics.record(endpoint: .createSession, status: 201, nanoseconds: 2_000_000_000)
        metrics.record(endpoint: .healthz, status: 200, nanoseconds: -5)
        metrics.recordNavigation(.navigated)
        metrics.recordNavigation(.navigated)
        metrics.recordNavigation(.noRoute)
        metrics.recordNavigation(Metrics.NavigationResult(.redirectedScreen))
        metrics.recordReload(succeeded: true)
        metrics.recordReload(succeeded: false)
        metrics.recordReload(succeeded: false)

        let exposition = try PrometheusExposition(metrics.render(sessions: 7))
        #expect(exposition.histogramProblems == [])
        #expect(exposition.types[requests] == "counter")
        #expect(exposition.types[latency] == "histogram")
        #expect(exposition.types["linkrouter_sessions"] == "gauge")
        #expect(Set(exposition.types.keys) == Set(exposition.helps.keys))
        #expect(exposition.value(requests, ["endpoint": "navigate", "status": "200"]) == 2)
        #expect(exposition.value(requests, ["endpoint": "navigate", "status": "404"]) == 1)
        #expect(exposition.value(requests, ["endpoint": "navigate", "status": "other"]) == 1)
        #expect(exposition.value(requests, ["endpoint": "session_create", "status": "201"]) == 1)
        #expect(exposition.value(requests, ["endpoint": "healthz", "status": "200"]) == 1)
        #expect(exposition.samples(named: requests).count == 5)

        let navigate = ["endpoint": "navigate"]
        #expect(exposition.value(latency + "_bucket", navigate.merging(["le": "0.00005"]) { $1 }) == 2)
        #expect(exposition.value(latency + "_bucket", navigate.merging(["le": "0.0001"]) { $1 }) == 3)
        #expect(exposition.value(latency + "_bucket", navigate.merging(["le": "0.0025"]) { $1 }) == 3)
        #expect(exposition.value(latency + "_bucket", navigate.merging(["le": "0.005"]) { $1 }) == 4)
        #expect(exposition.value(latency + "_count", navigate) == 4)
        #expect(exposition.value(latency + "_sum", navigate) == 0.003140001)
        #expect(exposition.value(latency + "_sum", ["endpoint": "session_create"]) == 2)
        #expect(exposition.value(latency + "_bucket", ["endpoint": "session_create", "le": "0.1"]) == 0)
        #expect(exposition.value(latency + "_bucket", ["endpoint": "session_create", "le": "+Inf"]) == 1)
        #expect(exposition.value(latency + "_sum", ["endpoint": "healthz"]) == 0)
        #expect(exposition.value(latency + "_bucket", ["endpoint": "healthz", "le": "0.00005"]) == 1)
        #expect(exposition.value(latency + "_count", ["endpoint": "resolve"]) == nil)
        let les = exposition.samples(named: latency + "_bucket").filter { $0.labels["endpoint"] == "navigate" }
        let expectedLes = [
            "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.1",
        ]
        #expect(les.map { $0.labels["le"]! } == expectedLes + ["+Inf"])

        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "navigated"]) == 2)
        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "no_route"]) == 1)
        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "redirected_screen"]) == 1)
        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "invalid_param"]) == 0)
        #expect(exposition.samples(named: "linkrouter_navigations_total").count == 8)
        #expect(exposition.value("linkrouter_config_reloads_total", ["result": "ok"]) == 1)
        #expect(exposition.value("linkrouter_config_reloads_total", ["result": "failed"]) == 2)
        #expect(exposition.value("linkrouter_sessions") == 7)
    }

    @Test func anEmptyRegistryStillRendersEveryFamily() throws {
        let exposition = try PrometheusExposition(Metrics(sessions: { 42 }).render())
        #expect(exposition.types.count == 5)
        #expect(exposition.samples(named: requests).isEmpty)
        #expect(exposition.value("linkrouter_sessions") == 42)
        #expect(Metrics.contentType == "text/plain; version=0.0.4; charset=utf-8")
    }

    @Test func everyStatusAndEndpointHasItsOwnSeries() throws {
        let metrics = Metrics()
        for endpoint in Endpoint.allCases {
            for status in Metrics.countedStatuses + [302] {
                metrics.record(endpoint: endpoint, status: status, nanoseconds: status * 1000)
            }
        }
        let exposition = try PrometheusExposition(metrics.render(sessions: 0))
        #expect(exposition.histogramProblems == [])
        #expect(exposition.samples(named: requests).count == Endpoint.allCases.count * 18)
        #expect(exposition.samples(named: requests).allSatisfy { $0.value == 1 })
        let statusLabels = Set(exposition.samples(named: requests).compactMap { $0.labels["status"] })
        #expect(statusLabels == Set(Metrics.countedStatuses.map(String.init) + ["other"]))
        for endpoint in Endpoint.allCases {
            #expect(exposition.value(latency + "_count", ["endpoint": endpoint.label]) == 18)
        }
    }

    @Test func labelsAreDistinctSnakeCase() {
        let endpointLabels = Endpoint.allCases.map(\.label)
        let outcomeLabels = Metrics.NavigationResult.allCases.map(\.label)
        for labels in [endpointLabels, outcomeLabels] {
            #expect(Set(labels).count == labels.count)
            #expect(labels.allSatisfy { $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } })
        }
        #expect(Endpoint.createSession.label == "session_create")
        #expect(Metrics.NavigationResult(.parked) == .parked)
        #expect(Metrics.NavigationResult(.navigated) == .navigated)
        #expect(Metrics.NavigationResult(.unchanged) == .unchanged)
    }

    @Test func bucketEdgesAreInclusive() {
        for (slot, bound) in Metrics.bucketBounds.enumerated() {
            #expect(Metrics.bucketSlot(nanoseconds: bound) == slot)
            #expect(Metrics.bucketSlot(nanoseconds: bound + 1) == slot + 1)
        }
        #expect(Metrics.bucketSlot(nanoseconds: 0) == 0)
        #expect(Metrics.bucketSlot(nanoseconds: .max) == Metrics.bucketBounds.count)
        for (slot, status) in Metrics.countedStatuses.enumerated() {
            #expect(Metrics.statusSlot(status) == slot)
        }
        #expect(Metrics.statusSlot(0) == Metrics.countedStatuses.count)
    }

    @Test func concurrentRecordingLosesNothing() throws {
        let metrics = Metrics()
        let threads = 8
        let perThread = 20_000
        let scrapeProblems = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
            guard thread < threads else {
                // A scraper racing with the recorders always sees a well-formed exposition.
                for _ in 0..<50 {
                    do {
                        let problems = try PrometheusExposition(metrics.render(sessions: 1)).histogramProblems
                        scrapeProblems.withLock { $0 += problems }
                    } catch {
                        scrapeProblems.withLock { $0.append("\(error)") }
                    }
                }
                return
            }
            for index in 0..<perThread {
                let endpoint: Endpoint = index.isMultiple(of: 2) ? .navigate : .resolve
                metrics.record(endpoint: endpoint, status: index.isMultiple(of: 3) ? 404 : 200, nanoseconds: index * 10)
                metrics.recordNavigation(index.isMultiple(of: 5) ? .rejected : .navigated)
                if index.isMultiple(of: 1000) { metrics.recordReload(succeeded: thread.isMultiple(of: 2)) }
            }
        }
        #expect(scrapeProblems.withLock { $0 } == [])
        let exposition = try PrometheusExposition(metrics.render(sessions: 0))
        #expect(exposition.histogramProblems == [])
        let total = threads * perThread
        let requestSum = exposition.samples(named: requests).reduce(0) { $0 + $1.value }
        #expect(requestSum == Double(total))
        let per = (0..<perThread).filter { $0.isMultiple(of: 2) && $0.isMultiple(of: 3) }.count * threads
        #expect(exposition.value(requests, ["endpoint": "navigate", "status": "404"]) == Double(per))
        #expect(
            exposition.value(latency + "_count", ["endpoint": "navigate"])
                == Double(threads * perThread / 2)
        )
        let expectedSumNanoseconds =
            (0..<perThread).filter { $0.isMultiple(of: 2) }.reduce(0) { $0 + $1 * 10 } * threads
        #expect(exposition.value(latency + "_sum", ["endpoint": "navigate"]) == Double(expectedSumNanoseconds) / 1e9)
        let rejected = (0..<perThread).filter { $0.isMultiple(of: 5) }.count * threads
        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "rejected"]) == Double(rejected))
        #expect(exposition.value("linkrouter_navigations_total", ["outcome": "navigated"]) == Double(total - rejected))
        #expect(exposition.value("linkrouter_config_reloads_total", ["result": "ok"]) == 80)
        #expect(exposition.value("linkrouter_config_reloads_total", ["result": "failed"]) == 80)
    }

    @Test func secondsAreExactDecimals() {
        func seconds(_ nanoseconds: Int) -> String {
            var bytes: [UInt8] = []
            JSONNumberText.appendSeconds(nanoseconds: nanoseconds, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(seconds(0) == "0")
        #expect(seconds(1) == "0.000000001")
        #expect(seconds(50_000) == "0.00005")
        #expect(seconds(1_500_000_000) == "1.5")
        #expect(seconds(3_140_001) == "0.003140001")
        #expect(seconds(12_000_000_000) == "12")
    }
}
