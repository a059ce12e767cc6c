internal import LinkNavigation
internal import LinkRouting

/// A value and where it was written.
public struct Located<Value: Sendable>: Sendable {
    public let value: Value
    public let location: SourceLocation

    public init(_ value: Value, _ location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// The `app` section.
public struct AppSettings: Sendable {
    public var name: String = "app"
    public var schemes: [String] = []
    public var hosts: [String] = []
    public var redirectLimit: Int = 5
    /// `fallback` URLs offered with `no_route`: `web` is a template (`{path}`, `{url}`).
    public var fallback: [(platform: String, url: String)] = []
    /// `apple.app_ids`, and `apple.exclude`: paths never handed to the app.
    public var appleAppIDs: [String] = []
    public var appleExcludes: [String] = []
    /// `android.package` and `android.sha256_cert_fingerprints`.
    public var androidPackage: String?
    public var androidFingerprints: [String] = []

    public init() {}
}

/// The `sessions` section.
public struct SessionSettings: Sendable, Hashable {
    /// Whether navigating with an unknown id creates that session.
    public var clientIDs: Bool = false
    public var idleTTL: Duration = .seconds(1800)
    public var max: Int = 1_000_000
    public var maxDepth: Int = 64

    public init() {}
}

/// What the config declared, as read, with locations: the validator turns it into a ``LoadedConfig``.
struct ConfigDocument {
    var app = AppSettings()
    var appLocations: [String: SourceLocation] = [:]
    var schemeNodes: [Located<String>] = []
    var hostNodes: [Located<String>] = []
    var sessions = SessionSettings()
    var screens: [ScreenDecl] = []
    var flows: [FlowDecl] = []
    var interceptors: [InterceptorDecl] = []
    /// Every interceptor name declared, those refused for errors of their own included: a route
    /// naming one of those is not told it names an unknown interceptor.
    var declaredInterceptors: Set<String> = []
    var globalInterceptors: [Located<String>] = []
    var flags: [String: Bool] = [:]
    var routes: [RouteDecl] = []
}

struct ScreenDecl {
    let name: Located<String>
    var params: [NamedParam] = []
    var paramLocations: [String: SourceLocation] = [:]
    var parent: Located<String>?
    var origins: [Located<String>]?
    var presentation: Presentation = .push
    var launch: LaunchMode = .standard

    var screen: Screen {
        Screen(
            name: name.value,
            params: params,
            parent: parent?.value,
            origins: origins.map { Set($0.map(\.value)) },
            presentation: presentation,
            launch: launch
        )
    }
}

struct FlowDecl {
    let name: Located<String>
    var screens: [Located<String>] = []
    var sets: SessionAttributes = [:]
}

struct InterceptorDecl {
    let name: Located<String>
    let kind: String
    let interceptor: any Interceptor
    /// The `else` fallback and where it was written, for name and redirect checks.
    let fallback: Located<InterceptorFallback>?
}

struct RouteDecl {
    let name: Located<String>
    let pattern: Located<String>
    var query: [NamedParam] = []
    var queryLocations: [String: SourceLocation] = [:]
    var screen: Located<String>?
    var redirect: Located<String>?
    var strategy: Strategy?
    var interceptors: [Located<String>] = []
    let location: SourceLocation
}
