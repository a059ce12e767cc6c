internal import Foundation
internal import LinkNavigation
internal import LinkRouting

extension ConfigValidator {
    /// Compiles the route table; its diagnostics are placed on the routes they name.
    func buildTable(_ app: AppSettings) -> RouteTable? {
        let definitions = document.routes.map {
            RouteDefinition(name: $0.name.value, pattern: $0.pattern.value, query: $0.query)
        }
        do {
            let table = try RouteTable(definitions, schemes: app.schemes, hosts: app.hosts)
            for warning in table.warnings { report(warning, at: location(of: warning)) }
            return table
        } catch {
            var repeats: [String: Int] = [:]
            for diagnostic in error.diagnostics {
                guard diagnostic.code == .duplicateRouteName, let name = diagnostic.routes.first else {
                    report(diagnostic, at: location(of: diagnostic))
                    continue
                }
                // The n-th report of a name is about its (n+1)-th declaration: point at that name.
                let declared = document.routes.filter { $0.name.value == name }
                let n = repeats[name, default: 0] + 1
                repeats[name] = n
                report(diagnostic, at: n < declared.count ? declared[n].name.location : location(of: diagnostic))
            }
            return nil
        }
    }

    /// The pattern of the last-declared route a diagnostic names, at its column when it has one.
    private func location(of diagnostic: RoutingDiagnostic) -> SourceLocation {
        let names = Set(diagnostic.routes)
        guard let decl = document.routes.last(where: { names.contains($0.name.value) }) else {
            return document.appLocations["schemes"] ?? document.appLocations["hosts"]
                ?? SourceLocation(file: reader.file, line: 1, column: 1)
        }
        if diagnostic.code == .invalidQueryParam,
            let name = decl.queryLocations.keys.sorted().first(where: { diagnostic.message.contains("'\($0)'") }),
            let location = decl.queryLocations[name]
        {
            return location
        }
        if diagnostic.code == .duplicateParameter, let location = duplicateLocation(diagnostic, decl) {
            return location
        }
        let base = decl.pattern.location
        guard let column = diagnostic.column, column > 1 else { return base }
        return SourceLocation(file: base.file, line: base.line, column: base.column + column - 1)
    }

    /// What a route hands its screen: each param's type, whether every match has it, and where it is written.
    struct Supplied {
        let type: ParamType
        let always: Bool
        let location: SourceLocation
        /// A repeated query param (`[TYPE]`): its value is an array.
        var repeated = false
    }

    func supplied(by route: RouteDecl, _ pattern: URLPattern) -> [String: Supplied] {
        var out: [String: Supplied] = [:]
        for param in route.query {
            let always =
                switch param.declaration.mode {
                case .optional: false
                case .required, .defaulted, .array: true
                }
            out[param.name] = Supplied(
                type: param.declaration.spec.type,
                always: always,
                location: route.queryLocations[param.name] ?? route.pattern.location,
                repeated: Self.isRepeated(param.declaration)
            )
        }
        func walk(_ elements: [URLPattern.Element], always: Bool) {
            for element in elements {
                switch element {
                case .literal: break
                case .placeholder(let name, let spec):
                    out[name] = Supplied(type: spec.type, always: always, location: placeholderLocation(name, route))
                case .optional(let inner): walk(inner, always: false)
                }
            }
        }
        walk(pattern.elements, always: true)
        // Query literals (`?type=pvp`) only decide the match: they hand no value to a screen.
        return out
    }

    /// Where `{name` starts in the route's pattern.
    private func placeholderLocation(_ name: String, _ route: RouteDecl) -> SourceLocation {
        placeholderLocations(name, route).first ?? route.pattern.location
    }

    /// Every place `{name:` or `{name}` is written in the route's pattern, in order.
    private func placeholderLocations(_ name: String, _ route: RouteDecl) -> [SourceLocation] {
        let text = route.pattern.value
        let base = route.pattern.location
        var out: [SourceLocation] = []
        var from = text.startIndex
        while let range = text.range(of: "{" + name, range: from..<text.endIndex) {
            from = range.upperBound
            guard text[range.upperBound...].first == ":" || text[range.upperBound...].first == "}" else { continue }
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
            out.append(SourceLocation(file: base.file, line: base.line, column: base.column + offset))
        }
        return out
    }

    /// The second spelling of a duplicated parameter: its second placeholder, else its query key.
    private func duplicateLocation(_ diagnostic: RoutingDiagnostic, _ route: RouteDecl) -> SourceLocation? {
        let placeholders = (try? URLPattern(parsing: route.pattern.value))?.placeholders.map(\.name) ?? []
        let names = placeholders + route.queryLocations.keys.sorted()
        guard let name = names.first(where: { diagnostic.message.contains("parameter '\($0)'") }) else { return nil }
        let spellings = placeholderLocations(name, route)
        return spellings.count > 1 ? spellings[1] : route.queryLocations[name]
    }

    /// Unknown names on routes, and whether each screen route can supply what its screen, the
    /// ancestors synthesised for it and the screens its interceptors may show need.
    func checkRoutes(_ screens: Set<String>, _ interceptors: [String: InterceptorDecl], _ graph: ScreenGraph?) {
        let globals = document.globalInterceptors.map(\.value)
        for route in document.routes {
            for name in route.interceptors where !document.declaredInterceptors.contains(name.value) {
                unknown(
                    "unknown_interceptor",
                    "interceptor",
                    name,
                    context: "route '\(route.name.value)'",
                    known: interceptors.keys
                )
            }
            guard let screen = route.screen else { continue }
            guard screens.contains(screen.value) else {
                unknown("unknown_screen", "screen", screen, context: "route '\(route.name.value)'", known: screens)
                continue
            }
            guard let graph, let target = graph[screen.value],
                let pattern = try? URLPattern(parsing: route.pattern.value)
            else { continue }
            let supply = supplied(by: route, pattern)
            let literals = Set(pattern.queryLiterals.map(\.name))
            checkSupply(route, supply, literals, graph.chain(to: target), for: screen.value, via: nil)
            for name in globals + route.interceptors.map(\.value) {
                guard case .screen(let other)? = interceptors[name]?.fallback?.value, let shown = graph[other] else {
                    continue
                }
                checkSupply(route, supply, literals, graph.chain(to: shown), for: other, via: name)
            }
        }
    }

    private func checkSupply(
        _ route: RouteDecl,
        _ supply: [String: Supplied],
        _ literals: Set<String>,
        _ chain: [Screen],
        for destination: String,
        via interceptor: String?
    ) {
        let routeName = route.name.value
        let through = interceptor.map { " (shown by interceptor '\($0)')" } ?? ""
        for screen in chain {
            let role =
                screen.name == destination
                ? "its screen '\(screen.name)'" : "'\(screen.name)', an ancestor of '\(destination)'"
            for param in screen.params {
                let given = supply[param.name]
                if param.declaration.isRequired, given?.always != true {
                    reader.error(
                        "missing_param",
                        "route '\(routeName)' cannot supply '\(param.name)', required by \(role)\(through)"
                            + (given == nil ? "" : ": only some of its links carry it"),
                        at: route.screen?.location ?? route.location,
                        hint: literals.contains(param.name)
                            ? "a query literal only decides the match and passes no value: declare the query param "
                                + "instead (`query: {\(param.name): \"enum(VALUE)\"}` matches the same links and passes it)"
                            : "add {\(param.name)} to the pattern outside optional groups, declare it as a required "
                                + "query param, or give the screen param a default"
                    )
                }
                if let given, !Self.fits(given.type, into: param.declaration.spec.type) {
                    reader.error(
                        "param_type_mismatch",
                        "route '\(routeName)' gives '\(param.name)' as \(given.type.name), but \(role) declares it "
                            + param.declaration.spec.type.name,
                        at: given.location,
                        hint: "use the same type in the pattern and the screen"
                    )
                } else if let given, given.repeated, !Self.isRepeated(param.declaration) {
                    reader.error(
                        "param_type_mismatch",
                        "route '\(routeName)' gives '\(param.name)' as a list ([\(given.type.name)]), but \(role) "
                            + "declares one \(param.declaration.spec.type.name)",
                        at: given.location,
                        hint:
                            "declare the screen param as [\(param.declaration.spec.type.name)], or the query param as one value"
                    )
                }
            }
        }
    }

    /// Whether a param is declared repeated (`[TYPE]`): its value is an array.
    static func isRepeated(_ declaration: ParamDeclaration) -> Bool {
        if case .array = declaration.mode { true } else { false }
    }

    /// Whether every value of type `from` is a valid value of type `to` (constraints aside).
    static func fits(_ from: ParamType, into to: ParamType) -> Bool {
        if from == to { return true }
        switch (from, to) {
        case (_, .string): return true
        case (.int, .float), (.uint, .float), (.uuid, .slug): return true
        case (.enum(let a), .enum(let b)): return Set(a).isSubset(of: Set(b))
        default: return false
        }
    }
}
