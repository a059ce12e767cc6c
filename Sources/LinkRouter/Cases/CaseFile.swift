internal import Yams

/// Reads `CASES.yaml`: `cases: [{name, url, stack?, attributes?, headers?, strategy?, via?, expect}]`.
public enum CaseFile {
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ text: String, file: String) throws(ReadError) -> [LinkCase] {
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else { throw ReadError(description: "\(file): no cases") }
            root = composed
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(description: ConfigLoader.yamlDiagnostic(error, file: file).description)
        }
        guard let list = root["cases"], case .sequence(let items) = list else {
            throw ReadError(description: "\(file):1:1: error: the file needs a `cases:` list")
        }
        var cases: [LinkCase] = []
        for item in items { cases.append(try parseCase(item, file: file, number: cases.count + 1)) }
        return cases
    }

    private static func parseCase(_ node: Node, file: String, number: Int) throws(ReadError) -> LinkCase {
        let line = node.mark?.line ?? 1
        func fail(_ message: String) -> ReadError {
            ReadError(description: "\(file):\(line): error: case \(number): \(message)")
        }
        guard case .mapping(let mapping) = node else { throw fail("a case is a mapping") }
        let known = ["name", "url", "stack", "attributes", "headers", "strategy", "via", "expect"]
        for key in mapping.keys where !known.contains(key.string ?? "") {
            throw fail("unknown key '\(key.string ?? "?")' (known: \(known.joined(separator: ", ")))")
        }
        guard let url = node["url"]?.string, !url.isEmpty else { throw fail("it has no url") }
        var stack: [(screen: String, params: [(String, String)])] = []
        for entry in try list(node["stack"], "stack", fail) {
            if let name = entry.string, entry.scalar != nil {
                stack.append((name, []))
            } else if let name = entry["screen"]?.string {
                stack.append((name, try pairs(entry["params"], "stack params", fail).map { ($0.0, $0.1.text) }))
            } else {
                throw fail("a stack entry is a screen name or {screen, params}")
            }
        }
        guard let expectNode = node["expect"], case .mapping(let expectMapping) = expectNode else {
            throw fail("it has no expect mapping")
        }
        let expectKeys = ["status", "error", "route", "url", "stack", "params", "redirects", "interceptors"]
        for key in expectMapping.keys where !expectKeys.contains(key.string ?? "") {
            throw fail("expect has no key '\(key.string ?? "?")' (known: \(expectKeys.joined(separator: ", ")))")
        }
        var expect = LinkCase.Expectation()
        expect.status = try scalar(expectNode["status"], "expect.status", fail)
        expect.error = try scalar(expectNode["error"], "expect.error", fail)
        expect.route = try scalar(expectNode["route"], "expect.route", fail)
        expect.url = try scalar(expectNode["url"], "expect.url", fail)
        if let stackNode = expectNode["stack"] { expect.stack = try strings(stackNode, "expect.stack", fail) }
        if let redirects = expectNode["redirects"] {
            expect.redirects = try strings(redirects, "expect.redirects", fail)
        }
        if let interceptors = expectNode["interceptors"] {
            var records: [(String, String)] = []
            for item in try list(interceptors, "expect.interceptors", fail) {
                let pair = try pairs(item, "an expect.interceptors item", fail)
                guard pair.count == 1, let (name, outcome) = pair.first else {
                    throw fail("each expect.interceptors item is `- NAME: OUTCOME`")
                }
                records.append((name, outcome.text))
            }
            expect.interceptors = records
        }
        if let paramsNode = expectNode["params"] {
            guard case .mapping(let params) = paramsNode else { throw fail("expect.params maps screens to params") }
            for (screen, values) in params {
                let name = screen.string ?? ""
                expect.params.append((name, try pairs(values, "expect.params.\(name)", fail)))
            }
        }
        return LinkCase(
            name: node["name"]?.string ?? "case \(number)",
            line: line,
            url: url,
            stack: stack,
            attributes: try pairs(node["attributes"], "attributes", fail),
            headers: try pairs(node["headers"], "headers", fail).map { ($0.0, $0.1.text) },
            strategy: try scalar(node["strategy"], "strategy", fail),
            via: try node["via"].map { (via) throws(ReadError) in try strings(via, "via", fail) } ?? [],
            expect: expect
        )
    }

    /// A mapping's members in order; each value must be a scalar.
    private static func pairs(
        _ node: Node?,
        _ what: String,
        _ fail: (String) -> ReadError
    ) throws(ReadError) -> [(String, LinkCase.ScalarText)] {
        guard let node else { return [] }
        guard case .mapping(let mapping) = node else { throw fail("\(what) must be a mapping") }
        var out: [(String, LinkCase.ScalarText)] = []
        for (key, value) in mapping {
            guard let name = key.string, case .scalar(let scalar) = value else {
                throw fail(
                    "\(what): '\(key.string ?? "?")' must be a single value (quote a list to compare it as text)"
                )
            }
            let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
            out.append((name, LinkCase.ScalarText(text: scalar.string, quoted: quoted)))
        }
        return out
    }

    private static func list(_ node: Node?, _ what: String, _ fail: (String) -> ReadError) throws(ReadError) -> [Node] {
        guard let node else { return [] }
        guard case .sequence(let items) = node else { throw fail("\(what) must be a list") }
        return Array(items)
    }

    private static func strings(
        _ node: Node,
        _ what: String,
        _ fail: (String) -> ReadError
    ) throws(ReadError) -> [String] {
        var out: [String] = []
        for item in try list(node, what, fail) {
            guard case .scalar(let scalar) = item else { throw fail("\(what) must be a list of names") }
            out.append(scalar.string)
        }
        return out
    }

    private static func scalar(
        _ node: Node?,
        _ what: String,
        _ fail: (String) -> ReadError
    ) throws(ReadError) -> String? {
        guard let node else { return nil }
        guard case .scalar(let scalar) = node else { throw fail("\(what) must be a single value") }
        return scalar.string
    }
}
