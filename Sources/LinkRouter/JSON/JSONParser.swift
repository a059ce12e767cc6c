/// A strict RFC 8259 parser for request bodies, working on UTF-8 bytes.
///
/// It refuses what lenient parsers let through: trailing commas, leading zeros, `+1`, `.5`, `1.`,
/// `NaN` and `Infinity`, unescaped control characters, invalid UTF-8, unpaired surrogates in `\u`
/// escapes, duplicate keys, data after the value, and empty input. Whitespace is space, tab, LF
/// and CR only (no byte order mark). Nesting is limited by ``maxDepth``; limiting the input size
/// is the caller's job (the HTTP body limit).
///
/// ```swift
/// let body = try JSONParser().parse(request.body)
/// let url = body["url"]?.stringValue
/// ```
public struct JSONParser: Sendable {
    public static let defaultMaxDepth = 32

    /// How many arrays and objects may be open at once. The parser recurses once per level, so
    /// keep this small (hundreds at most) on threads with small stacks.
    public var maxDepth: Int

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        precondition(maxDepth >= 0, "maxDepth must not be negative")
        self.maxDepth = maxDepth
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { utf8 in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    public func parse(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var scanner = JSONScanner(input: buffer, maxDepth: maxDepth)
        return try scanner.parseDocument()
    }
}

/// The parser's cursor over the input. One per document.
struct JSONScanner {
    let input: UnsafeRawBufferPointer
    let maxDepth: Int
    var index = 0
    var depth = 0
    /// Reused for strings that contain escapes.
    var scratch: [UInt8] = []

    init(input: UnsafeRawBufferPointer, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    var isAtEnd: Bool { index >= input.count }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard !isAtEnd else { throw JSONParseError(.emptyInput, at: index) }
        let value = try parseValue()
        skipWhitespace()
        guard isAtEnd else { throw JSONParseError(.trailingData, at: index) }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
        switch input[index] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "+"), UInt8(ascii: "."): throw JSONParseError(.invalidNumber, at: index)
        default: throw JSONParseError(.expectedValue, at: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
            guard input[index] == byte else { throw JSONParseError(.invalidLiteral, at: index) }
            index += 1
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONParseError(.tooDeep, at: index) }
        index += 1
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        try enterContainer()
        var object = JSONObject()
        skipWhitespace()
        if !isAtEnd, input[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return object
        }
        object.reserveCapacity(4)  // growing from nothing would reallocate twice for three members
        var lastComma: Int?
        while true {
            guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
            guard input[index] == UInt8(ascii: "\"") else {
                if let lastComma, input[index] == UInt8(ascii: "}") {
                    throw JSONParseError(.trailingComma, at: lastComma)
                }
                throw JSONParseError(.expectedKey, at: index)
            }
            let keyOffset = index
            let key = try parseString()
            guard !object.contains(key: key) else { throw JSONParseError(.duplicateKey, at: keyOffset) }
            skipWhitespace()
            guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
            guard input[index] == UInt8(ascii: ":") else { throw JSONParseError(.expectedColon, at: index) }
            index += 1
            skipWhitespace()
            object.appendNew(key: key, value: try parseValue())
            skipWhitespace()
            guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
            switch input[index] {
            case UInt8(ascii: ","):
                lastComma = index
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return object
            default:
                throw JSONParseError(.expectedCommaOrObjectEnd, at: index)
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if !isAtEnd, input[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        elements.reserveCapacity(4)
        var lastComma: Int?
        while true {
            if let lastComma, !isAtEnd, input[index] == UInt8(ascii: "]") {
                throw JSONParseError(.trailingComma, at: lastComma)
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard !isAtEnd else { throw JSONParseError(.unexpectedEnd, at: index) }
            switch input[index] {
            case UInt8(ascii: ","):
                lastComma = index
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw JSONParseError(.expectedCommaOrArrayEnd, at: index)
            }
        }
    }
}
