/// A parameter bound by a match.
public struct MatchedParam: Sendable, Hashable {
    /// Where the value came from.
    public enum Origin: Sendable, Hashable {
        case path, query
    }

    public let name: String
    public let value: ParamValue
    public let origin: Origin
}

/// Something the matcher noticed but that did not prevent the match.
public struct MatchWarning: Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An optional or defaulted query value failed its type; the default applies.
        public static let invalidQueryValue = Code(rawValue: "invalid_query_value")
        /// A query key has the name of a path parameter; the path value wins.
        public static let shadowedQueryParam = Code(rawValue: "shadowed_query_param")
    }

    public let code: Code
    /// The parameter concerned.
    public let param: String
    public let message: String

    public var description: String { "\(code.rawValue): \(message)" }
}
