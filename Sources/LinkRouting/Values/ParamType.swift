/// The type of a path placeholder, a query parameter or a screen parameter.
///
/// Every type has a textual name used in patterns and config files (`int`, `enum(a|b)`, ...).
public enum ParamType: Sendable, Hashable {
    /// A signed 64-bit integer: an optional `-` and decimal digits.
    case int
    /// An unsigned 64-bit integer: decimal digits.
    case uint
    /// A decimal or scientific-notation number (`1.5`, `-2e3`); no `inf` or `nan`.
    case float
    /// `true` or `false`, nothing else.
    case bool
    /// Any non-empty text.
    case string
    /// ASCII letters, digits, `-` and `_`.
    case slug
    /// `8-4-4-4-12` hexadecimal digits, either case; the value is lowercased.
    case uuid
    /// An ISO 8601 calendar date (`2024-02-29`), optionally with a time and a zone
    /// (`2024-02-29T10:00:00Z`, `2024-02-29T10:00:00.5+02:00`).
    case date
    /// One of the listed values, compared exactly.
    case `enum`([String])
    /// Rest of the path: one or more whole segments, only as the last element of a pattern.
    case path

    /// The name written in patterns and config files.
    public var name: String {
        switch self {
        case .int: "int"
        case .uint: "uint"
        case .float: "float"
        case .bool: "bool"
        case .string: "string"
        case .slug: "slug"
        case .uuid: "uuid"
        case .date: "date"
        case .enum(let values): "enum(" + values.joined(separator: "|") + ")"
        case .path: "path"
        }
    }

    /// Whether `min` and `max` apply.
    var isNumeric: Bool {
        switch self {
        case .int, .uint, .float: true
        default: false
        }
    }

    /// Whether `min_length` and `max_length` apply.
    var isTextual: Bool {
        switch self {
        case .string, .slug, .path: true
        default: false
        }
    }

    /// Parses a type name such as `int` or `enum(a|b|c)`.
    /// - Returns: the type, or `nil` with no side effect when the name is unknown.
    public init?(name: String) {
        switch name {
        case "int": self = .int
        case "uint": self = .uint
        case "float": self = .float
        case "bool": self = .bool
        case "string": self = .string
        case "slug": self = .slug
        case "uuid": self = .uuid
        case "date": self = .date
        case "path": self = .path
        default:
            guard name.hasPrefix("enum("), name.hasSuffix(")") else { return nil }
            let inner = name.dropFirst(5).dropLast()
            let values = inner.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard !values.isEmpty, values.allSatisfy({ !$0.isEmpty }), Set(values).count == values.count else {
                return nil
            }
            self = .enum(values)
        }
    }

    /// All type names, for hints.
    static let knownNames = "int, uint, float, bool, string, slug, uuid, date, enum(a|b), path"
}
