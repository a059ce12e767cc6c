internal import LinkRouterHTTP

/// Runs link cases as dry runs through the API's `resolve` (exactly what `POST /v1/resolve`
/// answers) and compares the parts each case expects.
public struct CaseRunner: Sendable {
    public let responder: APIResponder

    public init(engine: Engine) { responder = APIResponder(engine: engine) }

    /// One case's result: `nil` when it passed, else each difference as `what: expected X, got Y`.
    public func run(_ linkCase: LinkCase) -> [String]? {
        let response = responder.respond(to: request(for: linkCase))
        guard case .object(let answer)? = try? JSONParser(maxDepth: 64).parse(response.body) else {
            return ["answer: not a JSON object (status \(response.status))"]
        }
        var differences: [String] = []
        let expect = linkCase.expect
        if response.status != 200 {
            let code = Self.text(answer["error"].flatMap { if case .object(let e) = $0 { e["code"] } else { nil } })
            let message = Self.text(
                answer["error"].flatMap { if case .object(let e) = $0 { e["message"] } else { nil } }
            )
            let wanted = expect.error ?? expect.status
            if wanted != code {
                differences.append("status: expected \(wanted ?? "a navigation"), got error \(code) (\(message))")
            }
            return differences.isEmpty ? nil : differences
        }
        if let error = expect.error {
            differences.append("error: expected \(error), got status \(Self.text(answer["status"]))")
        }
        compare("status", expect.status, Self.text(answer["status"]), &differences)
        compare("url", expect.url, Self.text(answer["url"]), &differences)
        if let route = expect.route {
            let actual = answer["route"].flatMap { if case .object(let r) = $0 { r["name"] } else { nil } }
            compare("route", route, Self.text(actual), &differences)
        }
        let stack = Self.entries(answer["stack"])
        if let expected = expect.stack {
            let actual = stack.map { Self.text($0["screen"]) }
            if actual != expected {
                differences.append("stack: expected \(Self.list(expected)), got \(Self.list(actual))")
            }
        }
        for (screen, values) in expect.params {
            guard let entry = stack.last(where: { Self.text($0["screen"]) == screen }) else {
                differences.append("params: no '\(screen)' on the stack")
                continue
            }
            let params: JSONObject = if case .object(let p)? = entry["params"] { p } else { JSONObject() }
            for (name, value) in values {
                let actual = params[name]
                if !Self.matches(actual, value) {
                    differences.append(
                        "params.\(screen).\(name): expected \(Self.shown(value)), got \(actual.map(Self.shown) ?? "nothing")"
                    )
                }
            }
        }
        if let redirects = expect.redirects {
            let actual = Self.array(answer["redirects"]).map { Self.text($0) }
            if actual != redirects {
                differences.append("redirects: expected \(Self.list(redirects)), got \(Self.list(actual))")
            }
        }
        if let interceptors = expect.interceptors {
            let actual = Self.entries(answer["interceptors"]).map {
                Self.text($0["name"]) + ": " + Self.text($0["outcome"])
            }
            let wanted = interceptors.map { $0.0 + ": " + $0.1 }
            if actual != wanted {
                differences.append("interceptors: expected \(Self.list(wanted)), got \(Self.list(actual))")
            }
        }
        return differences.isEmpty ? nil : differences
    }

    private func compare(_ what: String, _ expected: String?, _ actual: String, _ differences: inout [String]) {
        if let expected, expected != actual { differences.append("\(what): expected \(expected), got \(actual)") }
    }

    /// The `POST /v1/resolve` request for a case.
    func request(for linkCase: LinkCase) -> HTTPRequest {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("url", linkCase.url)
        w.arrayField("stack") { w in
            for entry in linkCase.stack {
                w.beginObject()
                w.field("screen", entry.screen)
                w.objectField("params") { w in
                    for (name, value) in entry.params { w.field(name, value) }
                }
                w.endObject()
            }
        }
        w.objectField("attributes") { w in
            for (name, value) in linkCase.attributes {
                w.key(name)
                if value.quoted {
                    w.string(value.text)
                } else if value.text == "true" || value.text == "false" {
                    w.bool(value.text == "true")
                } else if let number = Double(value.text), number.isFinite {
                    w.double(number)
                } else {
                    w.string(value.text)
                }
            }
        }
        w.objectField("headers") { w in
            for (name, value) in linkCase.headers { w.field(name, value) }
        }
        if let strategy = linkCase.strategy { w.field("strategy", strategy) }
        w.field("via", linkCase.via)
        w.endObject()
        return HTTPRequest(
            method: .post,
            path: "/v1/resolve",
            headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]),
            body: w.finish()
        )
    }

    static func matches(_ actual: JSONValue?, _ expected: LinkCase.ScalarText) -> Bool {
        guard let actual else { return false }
        if case .null = actual { return !expected.quoted && ["", "~", "null"].contains(expected.text) }
        if case .double(let number) = actual, let wanted = Double(expected.text) { return number == wanted }
        return text(actual) == expected.text
    }

    /// An expected value as the case file wrote it: quoted when it was, so that the string
    /// `"null"` and `null` read apart in a difference.
    static func shown(_ expected: LinkCase.ScalarText) -> String {
        expected.quoted ? "\"\(expected.text)\"" : expected.text
    }

    /// An answer's value for a difference: a string that would read as another type unquoted
    /// (`null`, `true`, `42`) is quoted.
    static func shown(_ actual: JSONValue) -> String {
        guard case .string(let text) = actual else { return self.text(actual) }
        let ambiguous = ["", "~", "null", "true", "false"].contains(text) || Double(text) != nil
        return ambiguous ? "\"\(text)\"" : text
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: return ""
        case .null?: return "null"
        case .bool(let flag)?: return flag ? "true" : "false"
        case .int(let number)?: return String(number)
        case .double(let number)?: return String(number)
        case .string(let text)?: return text
        case .array(let items)?: return list(items.map { text($0) })
        case .object?: return "{...}"
        }
    }

    static func array(_ value: JSONValue?) -> [JSONValue] { if case .array(let items)? = value { items } else { [] } }

    static func entries(_ value: JSONValue?) -> [JSONObject] {
        array(value).compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
