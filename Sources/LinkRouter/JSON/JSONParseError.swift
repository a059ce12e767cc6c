/// Why a request body is not acceptable JSON, and where: fit for a 400 answer as it is.
///
/// The message is fixed text per reason; it never repeats bytes of the input.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable, CaseIterable {
        case emptyInput
        case unexpectedEnd
        case expectedValue
        case invalidLiteral
        case invalidNumber
        case leadingZero
        case numberOutOfRange
        case expectedKey
        case expectedColon
        case expectedCommaOrObjectEnd
        case expectedCommaOrArrayEnd
        case trailingComma
        case duplicateKey
        case controlCharacterInString
        case invalidEscape
        case loneSurrogate
        case invalidUTF8
        case tooDeep
        case trailingData
    }

    public let reason: Reason
    /// Byte offset into the input where the problem is (the input's length for a premature end).
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A short, fixed explanation.
    public var message: String {
        switch reason {
        case .emptyInput: "empty input"
        case .unexpectedEnd: "unexpected end of input"
        case .expectedValue: "expected a JSON value"
        case .invalidLiteral: "invalid literal (expected true, false or null)"
        case .invalidNumber: "invalid number"
        case .leadingZero: "leading zeros are not allowed in numbers"
        case .numberOutOfRange: "number is out of range"
        case .expectedKey: "expected a string key"
        case .expectedColon: "expected ':' after an object key"
        case .expectedCommaOrObjectEnd: "expected ',' or '}' after an object member"
        case .expectedCommaOrArrayEnd: "expected ',' or ']' after an array element"
        case .trailingComma: "trailing comma"
        case .duplicateKey: "duplicate object key"
        case .controlCharacterInString: "unescaped control character in string"
        case .invalidEscape: "invalid escape sequence"
        case .loneSurrogate: "unpaired UTF-16 surrogate in \\u escape"
        case .invalidUTF8: "invalid UTF-8"
        case .tooDeep: "nesting is too deep"
        case .trailingData: "unexpected data after the JSON value"
        }
    }

    public var description: String {
        message + " at byte " + String(offset)
    }
}
