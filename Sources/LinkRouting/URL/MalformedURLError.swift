/// A URL that cannot be normalised: the SPEC's `400 malformed_url`, naming the component.
public struct MalformedURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of the URL at fault.
    public enum Component: String, Sendable, Hashable {
        case scheme, host, path, query
    }

    /// What is wrong with it.
    public enum Reason: String, Sendable, Hashable {
        case missingScheme = "missing scheme"
        case invalidScheme = "invalid scheme"
        case missingHost = "missing host"
        case userInfo = "user info is not allowed"
        case invalidPort = "invalid port"
        case malformedEscape = "malformed percent escape"
        case invalidUTF8 = "invalid UTF-8"
        case controlCharacter = "control character"
        case dotSegment = "dot segment"
        case invalidHostCharacter = "character not allowed in a host"
    }

    public let component: Component
    public let reason: Reason
    /// Byte offset in the URL where the problem starts.
    public let offset: Int

    public init(component: Component, reason: Reason, offset: Int) {
        self.component = component
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "malformed \(component.rawValue): \(reason.rawValue) at byte \(offset)" }
}
