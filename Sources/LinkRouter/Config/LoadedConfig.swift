public import LinkNavigation
public import LinkRouting

/// A route table that passed validation: everything the engine serves from, immutable.
///
/// A class: requests take it with one reference count instead of copying its fields.
public final class LoadedConfig: Sendable {
    /// The file it was read from (or the name given to an in-memory text).
    public let file: String
    public let app: AppSettings
    public let sessions: SessionSettings
    public let navigator: Navigator
    /// The `kind` of each interceptor by name (the table answer lists them).
    public let interceptorKinds: [String: String]
    /// Findings that do not stop the load (overlapping routes, ineffective interceptors).
    public let warnings: [ConfigDiagnostic]
    /// The screens' pre-rendered JSON for the answers.
    let rendering: NavigationRendering

    init(
        file: String,
        app: AppSettings,
        sessions: SessionSettings,
        navigator: Navigator,
        interceptorKinds: [String: String],
        warnings: [ConfigDiagnostic]
    ) {
        self.file = file
        self.app = app
        self.sessions = sessions
        self.navigator = navigator
        self.interceptorKinds = interceptorKinds
        self.warnings = warnings
        rendering = NavigationRendering(navigator.config.resolver.graph, routes: navigator.config.table.routes)
    }

    public var table: RouteTable { navigator.config.table }
    public var config: NavigationConfig { navigator.config }
    public var graph: ScreenGraph { navigator.config.resolver.graph }
}
