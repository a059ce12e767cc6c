/// The API endpoint a request went to, as counted in the metrics (`endpoint` label).
///
/// The raw values index the metrics' counter arrays: keep them dense, and when adding a case,
/// grow the array sizes in ``Metrics`` (its initializer checks them).
public enum Endpoint: Int, CaseIterable, Sendable {
    case navigate
    case createSession
    case getSession
    case deleteSession
    /// `back`, `pop-to-root`, `pop-to`, `pop-before`, `dismiss`, `restart`, `trail`.
    case stackOperation
    case attributes
    /// Flow `complete` and `cancel`.
    case flow
    case links
    case resolve
    case routes
    /// `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json`.
    case wellKnown
    case healthz
    case metrics
    case reload
    /// Anything else, 404s and 405s for unknown paths included.
    case other

    /// The `endpoint` label value.
    public var label: String {
        switch self {
        case .navigate: "navigate"
        case .createSession: "session_create"
        case .getSession: "session_get"
        case .deleteSession: "session_delete"
        case .stackOperation: "stack_operation"
        case .attributes: "attributes"
        case .flow: "flow"
        case .links: "links"
        case .resolve: "resolve"
        case .routes: "routes"
        case .wellKnown: "well_known"
        case .healthz: "healthz"
        case .metrics: "metrics"
        case .reload: "reload"
        case .other: "other"
        }
    }
}
