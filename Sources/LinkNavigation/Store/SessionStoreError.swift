/// Why a ``SessionStore`` call was refused. Nothing in the store changes when one is thrown.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The id names no live session: never created, deleted, or expired after its idle TTL.
    case noSession
    /// A client-chosen id is not 1 to 128 characters of `A-Z`, `a-z`, `0-9`, `_` and `-`.
    case invalidID
    /// The store already holds ``SessionStore/Configuration/maxSessions`` live sessions.
    case sessionLimit
    /// The caller expected another version than the session's current one.
    case versionConflict(expected: Int, actual: Int)
    /// The update's body refused the change (a navigation that failed, say).
    case navigation(NavigationFailure)

    public var description: String {
        switch self {
        case .noSession: "no such session"
        case .invalidID: "a session id is 1 to 128 characters of A-Z, a-z, 0-9, '_' and '-'"
        case .sessionLimit: "the session limit is reached"
        case .versionConflict(let expected, let actual): "expected version \(expected), the session is at \(actual)"
        case .navigation(let error): error.description
        }
    }
}
