/// Where a reverse-routed link should point.
public enum LinkSource: Sendable, Hashable {
    /// A custom scheme: `shop://...`.
    case scheme(String)
    /// A web origin: `https://host/...` (or `http`).
    case web(scheme: String, host: String)

    /// An https link on `host`.
    public static func https(_ host: String) -> LinkSource { .web(scheme: "https", host: host) }
}

/// Why a link could not be built for a route and its params.
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let unknownRoute = Code(rawValue: "unknown_route")
        public static let missingParam = Code(rawValue: "missing_param")
        public static let unknownParam = Code(rawValue: "unknown_param")
        public static let invalidParam = Code(rawValue: "invalid_param")
        public static let invalidSource = Code(rawValue: "invalid_source")
        /// The built URL would match another route (or other params): no link reaches this one.
        public static let unreachable = Code(rawValue: "unreachable")
    }

    public let code: Code
    public let message: String
    /// The parameter concerned, if any.
    public let param: String?

    init(_ code: Code, _ message: String, param: String? = nil) {
        self.code = code
        self.message = message
        self.param = param
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
