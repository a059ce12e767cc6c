public import LinkRouting

/// What an interceptor sees: the URL, the matched route, the session's attributes, the request's
/// headers (names lowercased) and the global feature flags.
public struct InterceptionContext: Sendable {
    public let url: String
    public let match: RouteMatch
    public let attributes: SessionAttributes
    public let headers: [String: String]
    public let flags: [String: Bool]

    public init(
        url: String,
        match: RouteMatch,
        attributes: SessionAttributes,
        headers: [String: String],
        flags: [String: Bool]
    ) {
        self.url = url
        self.match = match
        self.attributes = attributes
        self.headers = headers
        self.flags = flags
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One interceptor's decision.
public enum InterceptorOutcome: Sendable, Hashable {
    /// Let the navigation go on.
    case pass
    /// Go on with this URL instead (matched again; not a redirect).
    case rewrite(String)
    /// Start again from this URL (counts against the redirect limit).
    case redirect(String)
    /// Stop with this HTTP status and error code.
    case reject(status: Int, code: String)
    /// Show this screen instead of the destination.
    case screen(String)
    /// Park the navigation behind this flow.
    case flow(String)

    /// The word recorded in answers: `passed`, `rewrote`, `redirected`, `rejected`, `showed_screen`, `parked`.
    public var word: String {
        switch self {
        case .pass: "passed"
        case .rewrite: "rewrote"
        case .redirect: "redirected"
        case .reject: "rejected"
        case .screen: "showed_screen"
        case .flow: "parked"
        }
    }
}

/// A check run before navigating. Embedders register their own next to the built-ins.
///
/// Interceptors run in order (global ones, then the route's); each returns one outcome, and every
/// outcome is recorded in the answer. They must be pure and quick: they run on the request thread.
public protocol Interceptor: Sendable {
    /// The `kind` recorded in answers (`require`, `feature`, ...).
    var kind: String { get }
    /// Rewrites the URL before it is matched (global interceptors only); `nil` leaves it alone.
    func rewrite(_ url: String) -> String?
    /// Decides about a matched navigation.
    func intercept(_ context: InterceptionContext) -> InterceptorOutcome
}

extension Interceptor {
    public func rewrite(_ url: String) -> String? { nil }
    public func intercept(_ context: InterceptionContext) -> InterceptorOutcome { .pass }
}

/// The `else` of a built-in interceptor: what happens when its check fails.
public enum InterceptorFallback: Sendable, Hashable {
    case flow(String)
    case redirect(String)
    case screen(String)
    case reject(status: Int, code: String)

    var outcome: InterceptorOutcome {
        switch self {
        case .flow(let name): .flow(name)
        case .redirect(let url): .redirect(url)
        case .screen(let name): .screen(name)
        case .reject(let status, let code): .reject(status: status, code: code)
        }
    }
}
