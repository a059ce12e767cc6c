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
        for entry in node["stack"]?.array() ?? [] {
            if let name = entry.string, entry.scalar != nil {
                stack.append((name, []))
            } else if let name = entry["screen"]?.string {
                stack.append((name, pairs(entry["params"]).map { ($0.0, $0.1.text) }))
            } else {
                throw fail("a stack entry is a screen name or {screen, params}")
            }
        }
        guard let expectNode = node["expect"], case .mapping = expectNode else {
            throw fail("it has no expect mapping")
        }
        var expect = LinkCase.Expectation()
        expect.status = expectNode["status"]?.string
        expect.error = expectNode["error"]?.string
        expect.route = expectNode["route"]?.string
        expect.url = expectNode["url"]?.string
        expect.stack = expectNode["stack"].map { $0.array().compactMap(\.string) }
        expect.redirects = expectNode["redirects"].map { $0.array().compactMap(\.string) }
        expect.interceptors = expectNode["interceptors"].map { list in
            list.array().flatMap { pairs($0).map { ($0.0, $0.1.text) } }
        }
        if case .mapping(let params)? = expectNode["params"] {
            for (screen, values) in params {
                expect.params.append((screen.string ?? "", pairs(values)))
            }
        }
        return LinkCase(
            name: node["name"]?.string ?? "case \(number)",
            line: line,
            url: url,
            stack: stack,
            attributes: pairs(node["attributes"]),
            headers: pairs(node["headers"]).map { ($0.0, $0.1.text) },
            strategy: node["strategy"]?.string,
            via: node["via"]?.array().compactMap(\.string) ?? [],
            expect: expect
        )
    }

    /// A mapping's scalar members in order.
    private static func pairs(_ node: Node?) -> [(String, LinkCase.ScalarText)] {
        guard case .mapping(let mapping)? = node else { return [] }
        return mapping.compactMap { key, value in
            guard let name = key.string, case .scalar(let scalar) = value else { return nil }
            let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
            return (name, LinkCase.ScalarText(text: scalar.string, quoted: quoted))
        }
    }
}
