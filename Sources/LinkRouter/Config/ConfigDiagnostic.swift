/// Where something sits in a config file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One finding of a config load: `FILE:LINE:COLUMN: error: CODE: message (hint: ...)`.
public struct ConfigDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public let severity: Severity
    /// A stable snake_case code such as `unknown_screen` or `duplicate_route`.
    public let code: String
    public let message: String
    public let location: SourceLocation
    public let hint: String?

    public init(
        _ severity: Severity,
        _ code: String,
        _ message: String,
        at location: SourceLocation,
        hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.hint = hint
    }

    public var description: String {
        let place = "\(location.file):\(location.line):\(location.column)"
        return "\(place): \(severity.rawValue): \(code): \(message)" + (hint.map { " (hint: \($0))" } ?? "")
    }
}

/// A config that cannot be loaded; it lists every error and warning found, in file order.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [ConfigDiagnostic]

    public init(diagnostics: [ConfigDiagnostic]) { self.diagnostics = diagnostics }

    public var errors: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
