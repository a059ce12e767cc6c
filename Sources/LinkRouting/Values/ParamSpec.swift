/// A parameter's type and its constraints: what a placeholder or query value must look like.
///
/// `min`/`max` bound numeric values; `minLength`/`maxLength` bound text length in Unicode scalars.
public struct ParamSpec: Sendable, Hashable {
    public let type: ParamType
    public let min: Double?
    public let max: Double?
    public let minLength: Int?
    public let maxLength: Int?

    /// Creates a spec, checking that each constraint applies to the type.
    /// - Throws: ``ParamSpecError`` when a constraint does not fit the type or the bounds cross.
    public init(
        type: ParamType,
        min: Double? = nil,
        max: Double? = nil,
        minLength: Int? = nil,
        maxLength: Int? = nil
    ) throws(ParamSpecError) {
        if (min != nil || max != nil) && !type.isNumeric {
            throw ParamSpecError("min and max apply to int, uint and float, not \(type.name)")
        }
        if (minLength != nil || maxLength != nil) && !type.isTextual {
            throw ParamSpecError("min_length and max_length apply to string, slug and path, not \(type.name)")
        }
        if let min, let max, min > max { throw ParamSpecError("min \(min) is greater than max \(max)") }
        if let minLength, minLength < 0 { throw ParamSpecError("min_length must not be negative") }
        if let maxLength, maxLength < 0 { throw ParamSpecError("max_length must not be negative") }
        if let minLength, let maxLength, minLength > maxLength {
            throw ParamSpecError("min_length \(minLength) is greater than max_length \(maxLength)")
        }
        self.type = type
        self.min = min
        self.max = max
        self.minLength = minLength
        self.maxLength = maxLength
        if case .enum(let values) = type {
            self.enumBytes = values.map { Array($0.utf8) }
        } else {
            self.enumBytes = []
        }
    }

    /// An unconstrained spec of `type`.
    public init(_ type: ParamType) {
        self.type = type
        self.min = nil
        self.max = nil
        self.minLength = nil
        self.maxLength = nil
        if case .enum(let values) = type { self.enumBytes = values.map { Array($0.utf8) } } else { self.enumBytes = [] }
    }

    /// Enum values as bytes, so matching compares without building strings.
    let enumBytes: [[UInt8]]

    /// Whether any constraint is set.
    public var isConstrained: Bool { min != nil || max != nil || minLength != nil || maxLength != nil }

    /// The spec as written in a placeholder after the name: `int:min(1):max(9)`.
    public var text: String {
        var out = type.name
        if let min { out += ":min(\(ParamSpec.number(min)))" }
        if let max { out += ":max(\(ParamSpec.number(max)))" }
        if let minLength { out += ":min_length(\(minLength))" }
        if let maxLength { out += ":max_length(\(maxLength))" }
        return out
    }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    public static func == (lhs: ParamSpec, rhs: ParamSpec) -> Bool {
        lhs.type == rhs.type && lhs.min == rhs.min && lhs.max == rhs.max && lhs.minLength == rhs.minLength
            && lhs.maxLength == rhs.maxLength
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(min)
        hasher.combine(max)
        hasher.combine(minLength)
        hasher.combine(maxLength)
    }
}

/// A parameter spec that contradicts itself, or a value that does not fit its type.
public struct ParamSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
