internal import LinkNavigation
internal import Yams

extension ConfigReader {
    static let interceptorKinds = ["require", "feature", "min_version", "strip_query"]

    /// How to write each key an interceptor may need, for `missing_key` hints.
    static let examples: [String: String] = [
        "when": "add `when: { attribute: signed_in, equals: true }`",
        "else": "write one of { flow: NAME }, { redirect: URL }, { screen: NAME }, { reject: { status, code } }",
        "flag": "add `flag: NAME` (a flag under flags, or a session attribute)",
        "version": "add `version: \"2.3.0\"`",
        "params": "add `params: [\"utm_*\"]` (query param names or globs)",
    ]

    static let conditionHint =
        "write { attribute: NAME, equals | in | present: ... }, the same with header, "
        + "or { all: [...] }, { any: [...] }, { not: {...} }"

    func interceptor(_ entry: Entry) -> InterceptorDecl? {
        let what = "interceptor '\(entry.key)'"
        guard let items = mapping(entry.value, what, keys: ["kind", "when", "else", "flag", "version", "params"])
        else { return nil }
        var values: [String: Node] = [:]
        for item in items { values[item.key] = item.value }
        guard let kindNode = values["kind"] else {
            error(
                "missing_key",
                "\(what) has no kind",
                at: entry.keyNode,
                hint: "kind is one of " + Self.interceptorKinds.joined(separator: ", ")
            )
            return nil
        }
        guard let kind = string(kindNode, "kind of \(what)") else { return nil }
        let name = Located(entry.key, location(entry.keyNode))
        func required(_ key: String) -> Node? {
            if let node = values[key] { return node }
            error("missing_key", "\(what) (\(kind)) needs `\(key)`", at: entry.keyNode, hint: Self.examples[key])
            return nil
        }
        func fallback() -> Located<InterceptorFallback>? {
            guard let node = required("else") else { return nil }
            return self.fallback(node, what)
        }
        let allowed: [String: [String]] = [
            "require": ["kind", "when", "else"], "feature": ["kind", "flag", "else"],
            "min_version": ["kind", "version", "else"], "strip_query": ["kind", "params"],
        ]
        guard let keys = allowed[kind] else {
            error(
                "invalid_value",
                "\(what): unknown kind '\(kind)'",
                at: kindNode,
                hint: Self.suggestion(kind, among: Self.interceptorKinds)
            )
            return nil
        }
        for item in items where !keys.contains(item.key) {
            error(
                "unknown_key",
                "\(what) of kind \(kind) takes no `\(item.key)`",
                at: item.keyNode,
                hint: "its keys are " + keys.joined(separator: ", ")
            )
        }
        switch kind {
        case "require":
            let when = required("when").flatMap { condition($0, depth: 0) }
            guard let when, let otherwise = fallback() else { return nil }
            return InterceptorDecl(
                name: name,
                kind: kind,
                interceptor: RequireInterceptor(when: when, else: otherwise.value),
                fallback: otherwise
            )
        case "feature":
            let flag = required("flag").flatMap { string($0, "flag of \(what)") }
            guard let flag, let otherwise = fallback() else { return nil }
            return InterceptorDecl(
                name: name,
                kind: kind,
                interceptor: FeatureInterceptor(flag: flag, else: otherwise.value),
                fallback: otherwise
            )
        case "min_version":
            guard let node = required("version"), let text = scalarText(node, "version of \(what)") else { return nil }
            guard let version = SemanticVersion(text) else {
                error(
                    "invalid_value",
                    "\(what): '\(text)' is not a semantic version",
                    at: node,
                    hint: "write MAJOR.MINOR.PATCH, such as 2.3.0"
                )
                return nil
            }
            guard let otherwise = fallback() else { return nil }
            return InterceptorDecl(
                name: name,
                kind: kind,
                interceptor: MinVersionInterceptor(version: version, else: otherwise.value),
                fallback: otherwise
            )
        default:
            guard let node = required("params"), let globs = strings(node, "params of \(what)") else { return nil }
            return InterceptorDecl(
                name: name,
                kind: kind,
                interceptor: StripQueryInterceptor(patterns: globs.map(\.0)),
                fallback: nil
            )
        }
    }

    /// `{flow: NAME}`, `{redirect: URL}`, `{screen: NAME}` or `{reject: {status, code}}`.
    private func fallback(_ node: Node, _ what: String) -> Located<InterceptorFallback>? {
        guard let items = mapping(node, "else of \(what)", keys: ["flow", "redirect", "screen", "reject"]) else {
            return nil
        }
        guard items.count == 1, let item = items.first else {
            // An unknown key is already reported; a second error about the same braces adds nothing.
            if case .mapping(let mapping) = node, mapping.count != items.count { return nil }
            error(
                "invalid_value",
                "else of \(what) must have exactly one of flow, redirect, screen, reject",
                at: node,
                hint: Self.examples["else"]
            )
            return nil
        }
        let at = textLocation(item.value)
        switch item.key {
        case "flow": return string(item.value, "else.flow").map { Located(.flow($0), at) }
        case "redirect": return string(item.value, "else.redirect").map { Located(.redirect($0), at) }
        case "screen": return string(item.value, "else.screen").map { Located(.screen($0), at) }
        default:
            var status = 403
            var code = "rejected"
            for part in mapping(item.value, "else.reject", keys: ["status", "code"]) ?? [] {
                if part.key == "status" {
                    status = int(part.value, "else.reject.status", in: 400...599) ?? status
                } else {
                    code = string(part.value, "else.reject.code") ?? code
                }
            }
            return Located(.reject(status: status, code: code), location(item.value))
        }
    }

    /// A `when` condition, nested at most 16 deep.
    private func condition(_ node: Node, depth: Int) -> Condition? {
        guard depth < 16 else {
            error("invalid_value", "conditions nest too deeply", at: node, hint: "at most 16 levels")
            return nil
        }
        let keys = ["attribute", "header", "equals", "in", "present", "all", "any", "not"]
        guard let items = mapping(node, "a condition", keys: keys) else { return nil }
        var values: [String: Node] = [:]
        for item in items { values[item.key] = item.value }
        if let all = values["all"] ?? values["any"] {
            guard items.count == 1 else {
                error("invalid_value", "all/any stands alone in its condition", at: node, hint: Self.conditionHint)
                return nil
            }
            let parts = (sequence(all, "all/any") ?? []).compactMap { condition($0, depth: depth + 1) }
            return values["all"] != nil ? .all(parts) : .any(parts)
        }
        if let inner = values["not"] {
            guard items.count == 1 else {
                error("invalid_value", "not stands alone in its condition", at: node, hint: Self.conditionHint)
                return nil
            }
            return condition(inner, depth: depth + 1).map { .not($0) }
        }
        let subject = values["attribute"].map { ("attribute", $0) } ?? values["header"].map { ("header", $0) }
        guard let (kind, subjectNode) = subject, values["attribute"] == nil || values["header"] == nil else {
            error(
                "invalid_value",
                "a condition names one attribute or one header, or is all/any/not",
                at: node,
                hint: Self.conditionHint
            )
            return nil
        }
        guard let name = string(subjectNode, kind) else { return nil }
        let tests = ["equals", "in", "present"].filter { values[$0] != nil }
        guard tests.count == 1, let testNode = values[tests[0]] else {
            error(
                "invalid_value",
                "a condition on \(kind) '\(name)' needs exactly one of equals, in, present",
                at: node,
                hint: Self.conditionHint
            )
            return nil
        }
        let test: Condition.Test
        switch tests[0] {
        case "equals":
            guard let value = attribute(testNode, "equals") else { return nil }
            test = .equals(value)
        case "in":
            test = .oneOf((sequence(testNode, "in") ?? []).compactMap { attribute($0, "an item of in") })
        default:
            guard let present = bool(testNode, "present") else { return nil }
            test = .present(present)
        }
        return kind == "attribute" ? .attribute(name, test) : .header(name, test)
    }
}
