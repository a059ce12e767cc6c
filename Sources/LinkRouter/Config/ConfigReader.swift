internal import Yams

/// Reads a composed YAML tree while collecting diagnostics: every accessor reports what is wrong
/// with its node (wrong kind, unknown key, bad value) and returns `nil` instead of stopping, so a
/// load lists every problem at once.
final class ConfigReader {
    let file: String
    private(set) var diagnostics: [ConfigDiagnostic] = []

    init(file: String) { self.file = file }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: Reporting

    func location(_ node: Node) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// The location of the first character of a scalar's text (after an opening quote).
    func textLocation(_ node: Node, offset: Int = 0) -> SourceLocation {
        let base = location(node)
        let quoted = node.scalar.map { $0.style == .singleQuoted || $0.style == .doubleQuoted } ?? false
        return SourceLocation(file: file, line: base.line, column: base.column + (quoted ? 1 : 0) + offset)
    }

    func error(_ code: String, _ message: String, at location: SourceLocation, hint: String? = nil) {
        diagnostics.append(ConfigDiagnostic(.error, code, message, at: location, hint: hint))
    }

    func warning(_ code: String, _ message: String, at location: SourceLocation, hint: String? = nil) {
        diagnostics.append(ConfigDiagnostic(.warning, code, message, at: location, hint: hint))
    }

    /// Reports at `node`: a scalar's text (after an opening quote), a collection's first character.
    func error(_ code: String, _ message: String, at node: Node, hint: String? = nil) {
        error(code, message, at: textLocation(node), hint: hint)
    }

    // MARK: Shapes

    /// A mapping's entries with string keys; reports `invalid_type` and `unknown_key`.
    func mapping(_ node: Node, _ what: String, keys allowed: [String]? = nil) -> [Entry]? {
        guard case .mapping(let mapping) = node else {
            if isNull(node) { return [] }
            error(
                "invalid_type",
                "\(what) must be a mapping",
                at: node,
                hint: "write it as `key: value` lines or `{ ... }`"
            )
            return nil
        }
        var entries: [Entry] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key, !scalar.string.isEmpty else {
                error(
                    "invalid_type",
                    "a key of \(what) must be a non-empty string",
                    at: key,
                    hint: "write a name before the colon"
                )
                continue
            }
            if let allowed, !allowed.contains(scalar.string) {
                error(
                    "unknown_key",
                    "\(what) has no key '\(scalar.string)'",
                    at: key,
                    hint: Self.suggestion(scalar.string, among: allowed)
                )
                continue
            }
            entries.append(Entry(key: scalar.string, keyNode: key, value: value))
        }
        return entries
    }

    func sequence(_ node: Node, _ what: String) -> [Node]? {
        if case .sequence(let sequence) = node { return Array(sequence) }
        if isNull(node) { return [] }
        error("invalid_type", "\(what) must be a list", at: node, hint: "write it as `[a, b]` or `- a` lines")
        return nil
    }

    /// A non-empty scalar string.
    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            error(
                "invalid_type",
                "\(what) must be a string",
                at: node,
                hint: "write a single value, not a list or mapping"
            )
            return nil
        }
        guard !scalar.string.isEmpty else {
            error("invalid_value", "\(what) must not be empty", at: node, hint: "write a value, or leave the key out")
            return nil
        }
        return scalar.string
    }

    func strings(_ node: Node, _ what: String) -> [(String, Node)]? {
        guard let items = sequence(node, what) else { return nil }
        return items.compactMap { item in string(item, "an item of \(what)").map { ($0, item) } }
    }

    func int(_ node: Node, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            error("invalid_type", "\(what) must be an integer", at: node, hint: "write a whole number without quotes")
            return nil
        }
        guard range.contains(value) else {
            error(
                "invalid_value",
                "\(what) must be between \(range.lowerBound) and \(range.upperBound)",
                at: node,
                hint: "write a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
            return nil
        }
        return value
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            switch scalar.string {
            case "true": return true
            case "false": return false
            default: break
            }
        }
        error("invalid_type", "\(what) must be true or false", at: node, hint: "write true or false, without quotes")
        return nil
    }

    /// A scalar's text whatever its YAML type (numbers and booleans as written).
    func scalarText(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            error(
                "invalid_type",
                "\(what) must be a single value",
                at: node,
                hint: "write one value, not a list or mapping"
            )
            return nil
        }
        return scalar.string
    }

    /// `null`, `~` or an empty plain value.
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// "did you mean" for a misspelt key or name.
    static func suggestion(_ word: String, among candidates: [String]) -> String? {
        let best = candidates.map { ($0, distance($0, word)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(2, word.count / 3) else {
            return candidates.isEmpty ? nil : "expected one of: " + candidates.joined(separator: ", ")
        }
        return "did you mean '\(best.0)'?"
    }

    /// Levenshtein distance over Unicode scalars (config load only, never per request).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// One `key: value` of a mapping.
    struct Entry {
        let key: String
        let keyNode: Node
        let value: Node
    }
}
