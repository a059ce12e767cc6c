/// A problem found while building a ``RouteTable``: an error rejects the table, a warning does not.
public struct RoutingDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    /// A stable, string-backed code (`duplicate_route`, ...), open for later layers to extend.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let invalidPattern = Code(rawValue: "invalid_pattern")
        public static let invalidQueryParam = Code(rawValue: "invalid_query_param")
        public static let duplicateRoute = Code(rawValue: "duplicate_route")
        public static let duplicateRouteName = Code(rawValue: "duplicate_route_name")
        public static let duplicateParameter = Code(rawValue: "duplicate_parameter")
        public static let overlappingRoutes = Code(rawValue: "overlapping_routes")
        public static let unknownSource = Code(rawValue: "unknown_source")
        public static let reservedScheme = Code(rawValue: "reserved_scheme")
        /// A custom scheme that is not a valid scheme name (RFC 3986: a letter, then letters, digits, `+-.`).
        public static let invalidScheme = Code(rawValue: "invalid_scheme")
        public static let invalidHost = Code(rawValue: "invalid_host")
        /// An unpinned pattern whose first literal has capitals: custom-scheme links lowercase their host.
        public static let uppercaseHostSlot = Code(rawValue: "uppercase_host_slot")
    }

    public let severity: Severity
    public let code: Code
    public let message: String
    /// The routes concerned, by name (both routes for duplicates and overlaps).
    public let routes: [String]
    /// 1-based column in the first route's pattern, when the problem has one.
    public let column: Int?
    public let hint: String?

    public init(
        _ severity: Severity,
        _ code: Code,
        _ message: String,
        routes: [String] = [],
        column: Int? = nil,
        hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.routes = routes
        self.column = column
        self.hint = hint
    }

    public var description: String {
        "\(severity.rawValue): \(code.rawValue): \(message)" + (hint.map { " (hint: \($0))" } ?? "")
    }
}

/// A table that failed to build: every problem found, errors and warnings.
public struct RouteTableError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [RoutingDiagnostic]
    public var errors: [RoutingDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
