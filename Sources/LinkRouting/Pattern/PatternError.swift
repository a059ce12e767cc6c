/// A pattern that cannot be parsed, with the 1-based column of the problem and a hint.
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    /// 1-based column in the pattern text (Unicode scalars).
    public let column: Int
    public let hint: String?

    public init(_ message: String, column: Int, hint: String? = nil) {
        self.message = message
        self.column = column
        self.hint = hint
    }

    public var description: String {
        "column \(column): \(message)" + (hint.map { " (hint: \($0))" } ?? "")
    }
}
