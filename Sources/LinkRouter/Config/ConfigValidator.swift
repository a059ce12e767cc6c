internal import LinkNavigation
internal import LinkRouting

/// Checks a read ``ConfigDocument`` against SPEC §2.2 and builds the navigator. Every problem is
/// reported through the reader, with the place it was written; nothing is built when one is an error.
struct ConfigValidator {
    let document: ConfigDocument
    let reader: ConfigReader

    struct Built {
        let app: AppSettings
        let sessions: SessionSettings
        let navigator: Navigator
        let interceptorKinds: [String: String]
    }

    mutating func build() -> Built? {
        var app = document.app
        app.schemes = document.schemeNodes.compactMap { item in
            let scheme = item.value.lowercased()
            if let problem = RouteTable.schemeProblem(scheme) {
                report(problem, at: item.location)
                return nil
            }
            return scheme
        }
        app.hosts = document.hostNodes.compactMap { item in
            if let problem = RouteTable.hostProblem(item.value) {
                report(problem, at: item.location, code: "invalid_host")
                return nil
            }
            return item.value.lowercased()
        }
        if app.schemes.isEmpty && app.hosts.isEmpty && document.schemeNodes.isEmpty && document.hostNodes.isEmpty {
            reader.error(
                "missing_key",
                "the app lists no link source",
                at: document.appLocations["name"] ?? SourceLocation(file: reader.file, line: 1, column: 1),
                hint: "add `schemes: [myapp]` or `hosts: [example.com]` under app"
            )
        }
        let graph = buildGraph()
        let screens = Set(document.screens.map(\.name.value))
        checkFlows(screens, graph)
        let interceptors = checkInterceptors(screens)
        let table = buildTable(app)
        checkRoutes(screens, interceptors, graph)
        guard !reader.hasErrors, let graph, let table else { return nil }

        let bindings = document.routes.map { route in
            RouteBinding(
                target: route.screen.map { .screen($0.value, strategy: route.strategy) }
                    ?? .redirect(route.redirect?.value ?? "/"),
                interceptors: route.interceptors.map(\.value)
            )
        }
        let config: NavigationConfig
        do {
            config = try NavigationConfig(
                table: table,
                bindings: bindings,
                resolver: NavigationResolver(graph: graph, maxDepth: document.sessions.maxDepth),
                interceptors: interceptors.mapValues(\.interceptor),
                globalInterceptors: document.globalInterceptors.map(\.value),
                flows: document.flows.map {
                    Flow(name: $0.name.value, screens: $0.screens.map(\.value), sets: $0.sets)
                },
                flags: document.flags,
                redirectLimit: app.redirectLimit
            )
        } catch {
            // The checks above cover every problem NavigationConfig finds; this is a safety net.
            for problem in error.problems {
                reader.error(
                    "invalid_config",
                    problem,
                    at: SourceLocation(file: reader.file, line: 1, column: 1),
                    hint: "check the names this problem mentions"
                )
            }
            return nil
        }
        let navigator = Navigator(config)
        checkRedirects(navigator, app, interceptors)
        guard !reader.hasErrors else { return nil }
        return Built(
            app: app,
            sessions: document.sessions,
            navigator: navigator,
            interceptorKinds: interceptors.mapValues(\.kind)
        )
    }

    /// Reports a routing diagnostic at a config location.
    func report(_ diagnostic: RoutingDiagnostic, at location: SourceLocation, code: String? = nil) {
        let code = code ?? diagnostic.code.rawValue
        let hint = diagnostic.hint ?? Self.hints[code]
        switch diagnostic.severity {
        case .error: reader.error(code, diagnostic.message, at: location, hint: hint)
        case .warning: reader.warning(code, diagnostic.message, at: location, hint: hint)
        }
    }

    /// Hints for routing diagnostics that come without one.
    static let hints: [String: String] = [
        "invalid_pattern": "write literal segments, {name:type} placeholders, [optional] groups, a last "
            + "{rest:path} and ?key=value query literals",
        "invalid_query_param": "give every query param a name",
        "overlapping_routes": "fine when intended: the more specific pattern wins",
    ]

    /// Reports `name` as unknown among `known`, with a suggestion.
    func unknown(_ code: String, _ kind: String, _ name: Located<String>, context: String, known: some Sequence<String>)
    {
        reader.error(
            code,
            "\(context): unknown \(kind) '\(name.value)'",
            at: name.location,
            hint: ConfigReader.suggestion(name.value, among: known.sorted()) ?? "declare it under \(kind)s"
        )
    }

    /// The screen graph; unknown parents and origins and parent cycles are reported (and left out,
    /// so the route checks can still run on what is left).
    func buildGraph() -> ScreenGraph? {
        let names = Set(document.screens.map(\.name.value))
        var parents: [String: String] = [:]
        for decl in document.screens {
            if let parent = decl.parent {
                if names.contains(parent.value) {
                    parents[decl.name.value] = parent.value
                } else {
                    unknown("unknown_screen", "screen", parent, context: "parent of '\(decl.name.value)'", known: names)
                }
            }
            for origin in decl.origins ?? [] where !names.contains(origin.value) {
                unknown("unknown_screen", "screen", origin, context: "origin of '\(decl.name.value)'", known: names)
            }
        }
        var inCycle: Set<String> = []
        for decl in document.screens where !inCycle.contains(decl.name.value) {
            var path = [decl.name.value]
            var current = parents[decl.name.value]
            while let name = current, !path.contains(name) {
                path.append(name)
                current = parents[name]
            }
            guard let repeated = current, repeated == decl.name.value else { continue }
            inCycle.formUnion(path)
            reader.error(
                "parent_cycle",
                "screen parents form a cycle: " + (path + [repeated]).joined(separator: " > "),
                at: decl.parent?.location ?? decl.name.location,
                hint: "one screen of the cycle must be a root (no parent)"
            )
        }
        let screens = document.screens.map { decl in
            Screen(
                name: decl.name.value,
                params: decl.params,
                parent: inCycle.contains(decl.name.value) ? nil : parents[decl.name.value],
                origins: decl.origins.map { Set($0.map(\.value).filter(names.contains)) },
                presentation: decl.presentation,
                launch: decl.launch
            )
        }
        return try? ScreenGraph(screens)
    }

    func checkFlows(_ screens: Set<String>, _ graph: ScreenGraph?) {
        for flow in document.flows {
            for screen in flow.screens {
                guard screens.contains(screen.value) else {
                    unknown("unknown_screen", "screen", screen, context: "flow '\(flow.name.value)'", known: screens)
                    continue
                }
                for param in graph?[screen.value]?.params ?? [] where param.declaration.isRequired {
                    reader.error(
                        "missing_param",
                        "flow '\(flow.name.value)' presents '\(screen.value)', whose required param '\(param.name)' nothing supplies",
                        at: screen.location,
                        hint: "give '\(param.name)' a default or make it optional"
                    )
                }
            }
        }
    }

    /// The interceptors by name, after checking the names their fallbacks use.
    func checkInterceptors(_ screens: Set<String>) -> [String: InterceptorDecl] {
        let flows = Set(document.flows.map(\.name.value))
        var byName: [String: InterceptorDecl] = [:]
        for decl in document.interceptors {
            byName[decl.name.value] = decl
            guard let fallback = decl.fallback else { continue }
            let context = "else of interceptor '\(decl.name.value)'"
            switch fallback.value {
            case .flow(let name) where !flows.contains(name):
                unknown("unknown_flow", "flow", Located(name, fallback.location), context: context, known: flows)
            case .screen(let name) where !screens.contains(name):
                unknown("unknown_screen", "screen", Located(name, fallback.location), context: context, known: screens)
            default: break
            }
        }
        for name in document.globalInterceptors where !document.declaredInterceptors.contains(name.value) {
            unknown("unknown_interceptor", "interceptor", name, context: "global_interceptors", known: byName.keys)
        }
        return byName
    }
}
