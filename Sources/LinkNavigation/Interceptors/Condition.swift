/// A `require` condition: on a session attribute or a request header, or a combination.
public indirect enum Condition: Sendable, Hashable {
    /// What a single check compares.
    public enum Test: Sendable, Hashable {
        case equals(AttributeValue)
        case oneOf([AttributeValue])
        /// `present: true` needs a value; `present: false` needs none.
        case present(Bool)
    }

    case attribute(String, Test)
    /// Header names compare case-insensitively; values compare as text.
    case header(String, Test)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// Whether the condition holds for `context`.
    public func holds(in context: InterceptionContext) -> Bool {
        switch self {
        case .attribute(let name, let test): return Self.check(context.attributes[name], test)
        case .header(let name, let test): return Self.check(context.header(name).map { .string($0) }, test)
        case .all(let conditions): return conditions.allSatisfy { $0.holds(in: context) }
        case .any(let conditions): return conditions.contains { $0.holds(in: context) }
        case .not(let condition): return !condition.holds(in: context)
        }
    }

    private static func check(_ value: AttributeValue?, _ test: Test) -> Bool {
        switch test {
        case .present(let wanted): return (value != nil) == wanted
        case .equals(let expected): return value.map { same($0, expected) } ?? false
        case .oneOf(let options): return value.map { v in options.contains { same(v, $0) } } ?? false
        }
    }

    /// Equal values, or equal text when one side is a string (headers are always text).
    private static func same(_ a: AttributeValue, _ b: AttributeValue) -> Bool {
        if a == b { return true }
        switch (a, b) {
        case (.string(let text), let other), (let other, .string(let text)): return text == other.text
        default: return false
        }
    }
}

extension AttributeValue {
    /// The value as text: `true`, `2.5`, `3` (whole numbers without a fraction).
    public var text: String {
        switch self {
        case .string(let s): s
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        }
    }
}
