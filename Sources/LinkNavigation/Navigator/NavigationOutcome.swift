public import LinkRouting

/// What one interceptor decided, as recorded in the answer.
public struct InterceptorRecord: Sendable, Hashable {
    public let name: String
    public let kind: String
    /// `passed`, `rewrote`, `redirected`, `rejected`, `showed_screen` or `parked`.
    public let outcome: String

    public init(name: String, kind: String, outcome: String) {
        self.name = name
        self.kind = kind
        self.outcome = outcome
    }
}

/// A navigation that went through (SPEC §5 navigation answer, less the transport).
public struct NavigationOutcome: Sendable {
    public enum Status: String, Sendable, Hashable {
        case navigated, parked, unchanged
        case redirectedScreen = "redirected_screen"
    }

    public let status: Status
    /// The URL finally matched (after rewrites and redirects); `nil` for stack operations.
    public let url: String?
    public let match: RouteMatch?
    /// The match's params by name, in match order, as the link gives them to the destination:
    /// built once from the match (no ``RouteMatch/params`` array); empty without a match.
    public let routeParams: EntryParams
    /// The match's params with their origins: ``RouteMatch/params``, built on each read.
    public var matchedParams: [MatchedParam] { match?.params ?? [] }
    /// Each URL redirected to, in order.
    public let redirects: [String]
    public let interceptors: [InterceptorRecord]
    public let resolution: Resolution
    /// The session after the navigation (not yet stored: the caller stores it).
    public let session: Session
    public let warnings: [MatchWarning]
}

/// Why a navigation did not happen. Nothing changes when one is thrown.
public enum NavigationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(MalformedURLError)
    /// No route matched this URL.
    case noRoute(String)
    /// An interceptor rejected it.
    case rejected(status: Int, code: String, interceptor: String)
    /// A redirect led back to a URL already visited; the chain is included.
    case redirectLoop([String])
    case tooManyRedirects([String])
    /// A redirect template or an interceptor URL that is not a usable link.
    case badRedirect(String)
    case navigation(NavigationError)
    case unknownFlow(String)
    /// A flow operation on a session with no navigation parked behind that flow.
    case notParked(String)

    public var description: String {
        switch self {
        case .malformed(let error): "\(error)"
        case .noRoute(let url): "no route for \(url)"
        case .rejected(let status, let code, let name): "rejected by \(name) (\(status) \(code))"
        case .redirectLoop(let chain): "redirect loop: " + chain.joined(separator: " -> ")
        case .tooManyRedirects(let chain): "too many redirects: " + chain.joined(separator: " -> ")
        case .badRedirect(let url): "cannot redirect to \(url)"
        case .navigation(let error): "\(error)"
        case .unknownFlow(let name): "unknown flow '\(name)'"
        case .notParked(let name): "no navigation is parked behind flow '\(name)'"
        }
    }
}
