/// A compiled, immutable table of routes for one app's link sources.
///
/// Build it once from ``RouteDefinition``s; match URLs against it from any thread.
/// Building collects every problem: errors throw a ``RouteTableError``, warnings (overlapping
/// patterns) stay in ``warnings``.
public final class RouteTable: Sendable {
    /// Schemes that are never custom schemes.
    public static let reservedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// Routes in definition order; ``Route/index`` is the position here.
    public let routes: [Route]
    /// Custom schemes, lowercased.
    public let schemes: [String]
    /// Web hosts (https and http), lowercased.
    public let hosts: [String]
    /// Non-fatal findings of the build, such as overlapping patterns.
    public let warnings: [RoutingDiagnostic]

    @usableFromInline let trie: RouteTrie
    let schemeKeys: ByteKeys
    let hostKeys: ByteKeys
    private let routeIndexByName: [String: Int]

    /// Compiles `definitions` for the given link sources.
    /// - Throws: ``RouteTableError`` with every error and warning found.
    public init(_ definitions: [RouteDefinition], schemes: [String] = [], hosts: [String] = []) throws(RouteTableError)
    {
        var diagnostics: [RoutingDiagnostic] = []
        let schemes = schemes.map { $0.lowercased() }
        let hosts = hosts.map { $0.lowercased() }
        diagnostics += Self.checkSources(schemes: schemes, hosts: hosts)

        var routes: [Route] = []
        var indexByName: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() {
            if indexByName[definition.name] != nil {
                diagnostics.append(
                    RoutingDiagnostic(
                        .error,
                        .duplicateRouteName,
                        "route name '\(definition.name)' is used twice",
                        routes: [definition.name],
                        hint: "give each route its own name"
                    )
                )
            }
            indexByName[definition.name] = index
            let pattern: URLPattern
            do {
                pattern = try URLPattern(parsing: definition.pattern)
            } catch {
                diagnostics.append(
                    RoutingDiagnostic(
                        .error,
                        .invalidPattern,
                        "route '\(definition.name)': \(error.message)",
                        routes: [definition.name],
                        column: error.column,
                        hint: error.hint
                    )
                )
                continue
            }
            diagnostics += Self.checkParameters(definition, pattern)
            if case .any = pattern.source, !schemes.isEmpty, case .literal(let first)? = pattern.elements.first,
                first != first.lowercased()
            {
                diagnostics.append(
                    RoutingDiagnostic(
                        .warning,
                        .uppercaseHostSlot,
                        "route '\(definition.name)': custom-scheme links lowercase their host, the first segment, "
                            + "so only web links reach '\(first)'",
                        routes: [definition.name],
                        column: 2,
                        hint: "write it in lowercase, or pin the route to a web host"
                    )
                )
            }
            let sourceID: Int
            switch Self.sourceID(of: pattern.source, schemes: schemes, hosts: hosts) {
            case .success(let id): sourceID = id
            case .failure(let diagnostic):
                diagnostics.append(
                    RoutingDiagnostic(
                        .error,
                        .unknownSource,
                        "route '\(definition.name)': \(diagnostic)",
                        routes: [definition.name],
                        column: 1,
                        hint: "list it under app.schemes or app.hosts"
                    )
                )
                continue
            }
            routes.append(
                Route(
                    index: index,
                    name: definition.name,
                    pattern: pattern,
                    query: definition.query,
                    sourceID: sourceID
                )
            )
        }
        // Duplicates and overlaps among the routes that parsed are reported alongside other errors.
        let builder = RouteTrie.Builder()
        for route in routes {
            for variant in route.pattern.variants { builder.insert(variant, for: route) }
        }
        diagnostics += Self.conflicts(routes)
        if diagnostics.contains(where: { $0.severity == .error }) { throw RouteTableError(diagnostics: diagnostics) }

        self.routes = routes
        self.schemes = schemes
        self.hosts = hosts
        self.warnings = diagnostics
        self.trie = builder.build()
        self.schemeKeys = ByteKeys(schemes)
        self.hostKeys = ByteKeys(hosts)
        self.routeIndexByName = indexByName
    }

    /// The route called `name`.
    public func route(named name: String) -> Route? {
        routeIndexByName[name].map { routes[$0] }
    }

    /// Source ids: custom schemes first, then each host as https and as http.
    static func sourceID(of source: URLPattern.Source, schemes: [String], hosts: [String]) -> Result<Int, SourceError> {
        switch source {
        case .any:
            return .success(-1)
        case .scheme(let scheme):
            guard let i = schemes.firstIndex(of: scheme) else {
                return .failure(SourceError("scheme '\(scheme)' is not one of the app's schemes"))
            }
            return .success(i)
        case .web(let scheme, let host):
            guard let i = hosts.firstIndex(of: host) else {
                return .failure(SourceError("host '\(host)' is not one of the app's hosts"))
            }
            return .success(schemes.count + 2 * i + (scheme == "https" ? 0 : 1))
        }
    }

    struct SourceError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func checkSources(schemes: [String], hosts: [String]) -> [RoutingDiagnostic] {
        schemes.compactMap(schemeProblem) + hosts.compactMap(hostProblem)
    }

    /// Why `scheme` (lowercased) cannot be a custom scheme, or `nil` when it can.
    public static func schemeProblem(_ scheme: String) -> RoutingDiagnostic? {
        if reservedSchemes.contains(scheme) {
            return RoutingDiagnostic(
                .error,
                .reservedScheme,
                "'\(scheme)' is a well-known scheme, not a custom one",
                hint: "list web origins under hosts"
            )
        }
        guard isSchemeName(scheme) else {
            return RoutingDiagnostic(
                .error,
                .invalidScheme,
                "'\(scheme)' is not a valid scheme name",
                hint: "a letter followed by letters, digits, +, - or ."
            )
        }
        return nil
    }

    /// Why `host` is not a bare web host (it has a scheme, a path, user info...), or `nil`.
    public static func hostProblem(_ host: String) -> RoutingDiagnostic? {
        let bad =
            host.isEmpty
            || host.utf8.contains { $0 <= 0x20 || $0 == 0x2F || $0 == 0x40 || $0 == 0x3F || $0 == 0x23 }
        guard bad || host.contains("://") else { return nil }
        return RoutingDiagnostic(
            .error,
            .invalidHost,
            "'\(host)' is not a bare host name",
            hint: "write the host alone, without scheme or path: shop.example.com"
        )
    }

    private static func isSchemeName(_ s: String) -> Bool {
        guard let first = s.utf8.first, (first | 0x20) &- 0x61 < 26 else { return false }
        return s.utf8.allSatisfy {
            ($0 | 0x20) &- 0x61 < 26 || ByteParsing.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
        }
    }

    /// Duplicate placeholder names, query params that clash with them, bad query declarations.
    private static func checkParameters(_ definition: RouteDefinition, _ pattern: URLPattern) -> [RoutingDiagnostic] {
        var out: [RoutingDiagnostic] = []
        var seen: Set<String> = []
        func duplicate(_ name: String, _ what: String) {
            out.append(
                RoutingDiagnostic(
                    .error,
                    .duplicateParameter,
                    "route '\(definition.name)': parameter '\(name)' \(what)",
                    routes: [definition.name],
                    hint: "rename one of them"
                )
            )
        }
        for (name, _) in pattern.placeholders {
            if !seen.insert(name).inserted { duplicate(name, "appears twice in the pattern") }
        }
        let literalKeys = Set(pattern.queryLiterals.map(\.name))
        var queryNames: Set<String> = []
        for param in definition.query {
            if param.name.isEmpty {
                out.append(
                    RoutingDiagnostic(
                        .error,
                        .invalidQueryParam,
                        "route '\(definition.name)': a query parameter has an empty name",
                        routes: [definition.name]
                    )
                )
            } else if seen.contains(param.name) {
                duplicate(param.name, "is both a path placeholder and a query parameter")
            } else if literalKeys.contains(param.name) {
                duplicate(param.name, "is both a query literal and a query parameter")
            } else if !queryNames.insert(param.name).inserted {
                duplicate(param.name, "is declared twice in the query map")
            }
        }
        return out
    }
}
