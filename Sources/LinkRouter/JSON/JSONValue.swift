/// A JSON document, as read from a request body by ``JSONParser``.
///
/// Numbers keep their written form: an integer literal that fits `Int` (64 bits) is `.int`; any
/// number with a fraction or an exponent, and any integer too large for `Int`, is `.double`. So
/// `1` and `1.0` are different values, and writing a value then parsing it gives it back.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses one JSON document (RFC 8259, strictly); see ``JSONParser``.
    public init(parsing bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) {
        self = try JSONParser(maxDepth: maxDepth).parse(bytes)
    }

    /// Writes this value through `writer` (objects keep their member order).
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .int(let value): writer.int(value)
        case .double(let value): writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let object): object.write(to: &writer)
        }
    }

    /// The value as compact JSON text (UTF-8).
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        write(to: &writer)
        return writer.finish()
    }
}

// MARK: - Reading

extension JSONValue {
    public var isNull: Bool { self == .null }

    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The value of an `.int`; `nil` for anything else (a `.double`, even an integral one, included).
    public var intValue: Int? {
        if case .int(let value) = self { value } else { nil }
    }

    /// The value of a `.double`, or of an `.int` converted (rounded when beyond 2^53).
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The member named `key` when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }
}

// MARK: - Literals (for tests and fixed documents)

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An object with these members in this order; a repeated key is a programming error.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(uniqueKeysWithValues: elements))
    }
}
