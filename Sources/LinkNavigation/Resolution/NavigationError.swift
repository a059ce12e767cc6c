/// Why a navigation or stack operation was refused. Nothing changes when one is thrown.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownScreen(String)
    /// A required param of the destination or of a synthesised ancestor has no value.
    case missingParam(screen: String, param: String)
    /// A value that does not fit the screen's declared type.
    case invalidParam(screen: String, param: String, reason: String)
    /// The navigation is not allowed from here (`push` against `origins`, `back` on a single entry, ...).
    case invalidNavigation(String)
    case stackTooDeep(limit: Int)
    case versionConflict(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .unknownScreen(let name): "unknown screen '\(name)'"
        case .missingParam(let screen, let param): "screen '\(screen)' needs param '\(param)'"
        case .invalidParam(let screen, let param, let reason): "screen '\(screen)', param '\(param)': \(reason)"
        case .invalidNavigation(let reason): reason
        case .stackTooDeep(let limit): "the stack would be deeper than \(limit) entries"
        case .versionConflict(let expected, let actual): "expected version \(expected), the session is at \(actual)"
        }
    }
}
