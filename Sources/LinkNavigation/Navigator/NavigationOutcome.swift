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
    /// The match's own: the outcome holds the URL once (a lent link's is made on each read; see
    /// ``RouteMatch/withURLUTF8(_:)``).
    @inlinable public var url: String? { match?.url }
    public let match: RouteMatch?
    /// The match's params by name, in match order, as the link gives them to the destination:
    /// built once from the match (no ``RouteMatch/params`` array); empty without a match.
    public let routeParams: EntryParams
    /// The match's params with their origins: ``RouteMatch/params``, built on each read.
    public var matchedParams: [MatchedParam] { match?.params ?? [] }
    /// Each URL redirected to, in order.
    @inlinable public var redirects: [String] { detour?.redirects ?? [] }
    @inlinable public var interceptors: [InterceptorRecord] { detour?.interceptors ?? [] }
    /// The redirects and the interceptors' records, in one box; `nil` when there are none, as for
    /// nearly every navigation (one reference fewer to release with the outcome, and none to take).
    @usableFromInline let detour: Detour?
    public let resolution: Resolution
    /// The match's warnings; none without a match.
    @inlinable public var warnings: [MatchWarning] { match?.warnings ?? [] }
    /// Whether ``warnings`` has any, without making the array.
    @inlinable package var hasWarnings: Bool {
        @inline(__always) get { match?.hasWarnings ?? false }
    }
    /// The session's id.
    public let sessionID: String
    /// The session's attributes after the navigation.
    public let attributes: SessionAttributes
    /// The session's version as the navigation found it (the store bumps it when it stores a change).
    public let version: Int
    /// The parked navigation the session keeps after the navigation, in its box. (`@usableFromInline`,
    /// with the box's class: the answer's writer then reads ``parked`` with one retain fewer per
    /// navigate, measured with `make profile-navigate`.)
    @usableFromInline let parkedBox: ParkedBox?

    /// The navigation the session keeps parked after this one.
    public var parked: ParkedNavigation? { parkedBox.map(ParkedNavigation.init(box:)) }

    /// The session after the navigation (not yet stored: the caller stores it): its stack and entry
    /// counter are the resolution's, not held a second time here.
    public var session: Session {
        Session(
            id: sessionID,
            stack: resolution.stack,
            attributes: attributes,
            version: version,
            parkedBox: parkedBox,
            nextEntryNumber: resolution.nextEntryNumber
        )
    }

    /// An outcome that leaves `session`, whose stack and entry counter are the resolution's; its
    /// URL and warnings are the match's.
    @inline(__always)
    init(
        status: Status,
        match: RouteMatch?,
        routeParams: EntryParams,
        redirects: [String],
        interceptors: [InterceptorRecord],
        resolution: Resolution,
        session: borrowing Session
    ) {
        self.status = status
        self.match = match
        self.routeParams = routeParams
        detour = redirects.isEmpty && interceptors.isEmpty ? nil : Detour(redirects, interceptors)
        self.resolution = resolution
        sessionID = session.id
        attributes = session.attributes
        version = session.version
        // Most sessions have no parked navigation: no retain call for the absent box.
        parkedBox = ParkedBox.address(of: session.parkedBox) == 0 ? nil : session.parkedBox
    }
}

/// What a navigation went through before it settled: the URLs redirected to and the interceptors'
/// records (``NavigationOutcome/redirects`` and ``NavigationOutcome/interceptors``).
@usableFromInline
final class Detour: Sendable {
    @usableFromInline let redirects: [String]
    @usableFromInline let interceptors: [InterceptorRecord]

    init(_ redirects: [String], _ interceptors: [InterceptorRecord]) {
        self.redirects = redirects
        self.interceptors = interceptors
    }
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
