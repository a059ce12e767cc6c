/// A typed value bound to a parameter.
public enum ParamValue: Sendable, Hashable {
    case int(Int64)
    case uint(UInt64)
    case float(Double)
    case bool(Bool)
    /// Text for `string`, `slug`, `uuid`, `date`, `enum` and `path` parameters.
    case string(String)
    /// Repeated query keys declared as `[TYPE]`.
    case array([ParamValue])
    /// An optional parameter that was absent (or invalid and fell back to no value).
    case null

    /// The canonical text of a scalar value, as it is written into a URL.
    ///
    /// Parsing this text with the value's type gives the same value back.
    public var text: String {
        switch self {
        case .int(let v): String(v)
        case .uint(let v): String(v)
        case .float(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case .bool(let v): v ? "true" : "false"
        case .string(let v): v
        case .array(let values): values.map(\.text).joined(separator: ",")
        case .null: ""
        }
    }
}

extension ParamValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .string(let v): "\"" + v + "\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .null: "null"
        default: text
        }
    }
}
