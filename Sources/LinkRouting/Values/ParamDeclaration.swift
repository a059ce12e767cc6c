/// A declared parameter: its spec and whether it is required, optional, defaulted or repeated.
///
/// Written as a shorthand string (`int`, `int?`, `string=direct`, `[int]`) or built from the map
/// form (`{type, default, optional, min, max, min_length, max_length}`) with
/// ``init(spec:optional:default:)``. Query parameters of routes and, later, screen parameters use it.
public struct ParamDeclaration: Sendable, Hashable {
    /// How a missing or invalid value is handled.
    public enum Mode: Sendable, Hashable {
        /// Missing or invalid: the route does not match.
        case required
        /// Missing: `null`. Invalid: `null` with a warning.
        case optional
        /// Missing: the default. Invalid: the default with a warning.
        case defaulted(ParamValue)
        /// Repeated keys collected into an array (empty when absent); invalid elements are dropped with a warning.
        case array
    }

    public let spec: ParamSpec
    public let mode: Mode

    public init(spec: ParamSpec, mode: Mode) throws(ParamSpecError) {
        if case .path = spec.type { throw ParamSpecError("the path type is only allowed as the last path placeholder") }
        if case .defaulted(let value) = mode { try spec.validate(value) }
        self.spec = spec
        if case .defaulted(let value) = mode {
            // Store the default in the spec's own representation ("1" for an int becomes .int(1)).
            self.mode = .defaulted((try? spec.value(parsing: value.text)) ?? value)
        } else {
            self.mode = mode
        }
    }

    /// The map form: `optional: true` or a `default` (never both).
    public init(spec: ParamSpec, optional: Bool = false, default value: ParamValue? = nil) throws(ParamSpecError) {
        if optional && value != nil {
            throw ParamSpecError("a parameter is either optional or has a default, not both")
        }
        try self.init(spec: spec, mode: value.map { .defaulted($0) } ?? (optional ? .optional : .required))
    }

    /// Parses the shorthand: `TYPE`, `TYPE?`, `TYPE=DEFAULT`, `[TYPE]`.
    public init(parsing text: String) throws(ParamSpecError) {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), let type = ParamType(name: String(text.dropFirst().dropLast())) else {
                throw ParamSpecError("'\(text)' is not [TYPE] with TYPE one of \(ParamType.knownNames)")
            }
            try self.init(spec: ParamSpec(type), mode: .array)
            return
        }
        // enum(a|b)=a: the default follows the closing parenthesis of an enum.
        let typeEnd = text.hasPrefix("enum(") ? text.firstIndex(of: ")").map { text.index(after: $0) } : nil
        let searchStart = typeEnd ?? text.startIndex
        if let eq = text[searchStart...].firstIndex(of: "=") {
            let typeName = String(text[..<eq])
            guard let type = ParamType(name: typeName) else { throw Self.unknownType(typeName) }
            let spec = ParamSpec(type)
            let value = try spec.value(parsing: String(text[text.index(after: eq)...]))
            try self.init(spec: spec, mode: .defaulted(value))
        } else if text.hasSuffix("?") {
            let typeName = String(text.dropLast())
            guard let type = ParamType(name: typeName) else { throw Self.unknownType(typeName) }
            try self.init(spec: ParamSpec(type), mode: .optional)
        } else {
            guard let type = ParamType(name: text) else { throw Self.unknownType(text) }
            try self.init(spec: ParamSpec(type), mode: .required)
        }
    }

    private static func unknownType(_ name: String) -> ParamSpecError {
        ParamSpecError("unknown type '\(name)' (expected one of \(ParamType.knownNames))")
    }

    /// Whether a value must be present for the route to match.
    public var isRequired: Bool { if case .required = mode { true } else { false } }
}

/// A named parameter declaration: a route's query parameter or a screen's parameter.
public struct NamedParam: Sendable, Hashable {
    public let name: String
    public let declaration: ParamDeclaration

    public init(name: String, declaration: ParamDeclaration) {
        self.name = name
        self.declaration = declaration
    }

    /// `NamedParam("ref", "string?")`: the shorthand form.
    public init(_ name: String, _ shorthand: String) throws(ParamSpecError) {
        self.init(name: name, declaration: try ParamDeclaration(parsing: shorthand))
    }
}

/// A query parameter a route declares.
public typealias QueryParam = NamedParam
