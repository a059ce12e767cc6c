internal import LinkNavigation
internal import LinkRouting

extension ConfigValidator {
    /// Follows every route-level redirect from a sample link of each of its sources, and checks that
    /// every interceptor's redirect URL matches a route.
    func checkRedirects(_ navigator: Navigator, _ app: AppSettings, _ interceptors: [String: InterceptorDecl]) {
        let table = navigator.config.table
        for route in table.routes {
            guard route.index < document.routes.count, let redirect = document.routes[route.index].redirect else {
                continue
            }
            guard bracesPairUp(redirect.value, of: "route '\(route.name)'", at: redirect.location) else { continue }
            // A sample link carries every param; one that only some links carry fails on the others.
            let supply = supplied(by: document.routes[route.index], route.pattern)
            if let name = Self.templateNames(redirect.value).first(where: { supply[$0]?.always == false }) {
                reader.error(
                    "invalid_redirect",
                    "route '\(route.name)' redirects to '\(redirect.value)', but only some of its links carry '\(name)'",
                    at: redirect.location,
                    hint:
                        "move {\(name)} out of the optional group or give it a default, or leave it out of the redirect"
                )
                continue
            }
            let params = Self.sampleParams(of: route)
            for source in Self.sources(of: route.pattern.source, app) {
                guard let url = try? table.url(for: route.name, params: params, source: source) else { continue }
                if let problem = problem(following: url, navigator) {
                    if problem.isWarning {
                        reader.warning(
                            problem.code,
                            "route '\(route.name)' \(problem.message)",
                            at: redirect.location,
                            hint: problem.hint
                        )
                    } else {
                        reader.error(
                            problem.code,
                            "route '\(route.name)' \(problem.message)",
                            at: redirect.location,
                            hint: problem.hint
                        )
                    }
                    break
                }
            }
        }
        for decl in interceptors.values.sorted(by: { $0.name.location < $1.name.location }) {
            guard let fallback = decl.fallback, case .redirect(let target) = fallback.value else { continue }
            checkInterceptorRedirect(target, of: decl.name.value, at: fallback.location, table, app)
        }
    }

    /// An interceptor's redirect: a URL some route matches. A template's `{name}`s are filled from
    /// the params of the route the interceptor runs on, so each route that runs it must always carry
    /// them, and the URL filled with a sample link's values must match a route.
    private func checkInterceptorRedirect(
        _ target: String,
        of interceptor: String,
        at location: SourceLocation,
        _ table: RouteTable,
        _ app: AppSettings
    ) {
        func matches(_ url: String) -> Bool {
            let candidates: [String]
            if url.hasPrefix("/") {
                candidates = app.schemes.map { $0 + ":/" + url } + app.hosts.map { "https://" + $0 + url }
            } else {
                candidates = [url]
            }
            return candidates.contains { ((try? table.match($0)) ?? nil) != nil }
        }
        func unmatched(_ url: String) {
            reader.error(
                "unmatched_redirect",
                "interceptor '\(interceptor)' redirects to '\(url)', which no route matches",
                at: location,
                hint: "point it at a URL one of the routes matches"
            )
        }
        guard bracesPairUp(target, of: "interceptor '\(interceptor)'", at: location) else { return }
        let names = Self.templateNames(target)
        guard !names.isEmpty else {
            if !matches(target) { unmatched(target) }
            return
        }
        let global = document.globalInterceptors.contains { $0.value == interceptor }
        for route in table.routes where route.index < document.routes.count {
            let decl = document.routes[route.index]
            guard global || decl.interceptors.contains(where: { $0.value == interceptor }) else { continue }
            let supply = supplied(by: decl, route.pattern)
            if let name = names.first(where: { supply[$0]?.repeated == true }) {
                reader.error(
                    "invalid_redirect",
                    "interceptor '\(interceptor)' redirects to '\(target)', but '\(name)' of route '\(route.name)', which runs it, is a list",
                    at: location,
                    hint: "fill a template only with single values"
                )
                return
            }
            if let name = names.first(where: { supply[$0]?.always != true }) {
                reader.error(
                    "invalid_redirect",
                    "interceptor '\(interceptor)' redirects to '\(target)', but not every link of route '\(route.name)', which runs it, carries '\(name)'",
                    at: location,
                    hint: "use only params every route that runs the interceptor always carries, or leave {\(name)} out"
                )
                return
            }
            let params = Self.sampleParams(of: route)
            let filled = RedirectTarget.fill(target, with: { params[$0] })
            guard let filled, matches(filled) else {
                unmatched(filled ?? target)
                return
            }
        }
    }

    private struct Problem {
        let code: String
        let message: String
        let hint: String
        /// A chain longer than `redirect_limit` is not among the load errors of SPEC §2.2: SPEC §4
        /// answers it at run time (508 `too_many_redirects`), so the table loads with a warning.
        var isWarning = false
    }

    /// What goes wrong when a link's redirects are followed, if anything does.
    private func problem(following url: String, _ navigator: Navigator) -> Problem? {
        do {
            _ = try navigator.navigate(Navigator.Request(url: url), session: Session(id: "config-check"))
            return nil
        } catch {
            switch error {
            case .noRoute(let target) where target != url:
                return Problem(
                    code: "unmatched_redirect",
                    message: "redirects to '\(target)', which no route matches",
                    hint: "point the redirect at a URL one of the routes matches"
                )
            case .redirectLoop(let chain):
                return Problem(
                    code: "redirect_cycle",
                    message: "starts a redirect cycle: " + chain.joined(separator: " -> "),
                    hint: "make one of these routes lead to a screen"
                )
            case .tooManyRedirects(let chain):
                return Problem(
                    code: "too_many_redirects",
                    message: "needs more redirects than redirect_limit allows: " + chain.joined(separator: " -> "),
                    hint: "its links get 508 too_many_redirects; shorten the chain or raise app.redirect_limit",
                    isWarning: true
                )
            case .badRedirect(let target)
            where !target.contains("{") && ((try? navigator.config.table.match(target)) ?? nil) != nil:
                // The navigator refuses a route-level redirect back to the URL that led to it.
                return Problem(
                    code: "redirect_cycle",
                    message: "leads to '\(target)', which redirects to itself",
                    hint: "make the redirect lead to another route, or give the route a screen"
                )
            case .badRedirect(let target):
                return Problem(
                    code: "invalid_redirect",
                    message: "redirects to '\(target)', which is not a usable link",
                    hint: "write /path/{param} with params of the route, or a full URL"
                )
            default:
                return nil
            }
        }
    }

    /// Whether every `{` of a redirect template is closed and every `}` opened (a brace left open,
    /// or closed without one opened, is no template the run can fill); `invalid_redirect` for
    /// `owner`'s template at `location` when not.
    private func bracesPairUp(_ template: String, of owner: String, at location: SourceLocation) -> Bool {
        let paired =
            RedirectTarget.fill(template, with: { _ in .string("x") }) != nil
            && Self.templateNames(template).count == template.filter({ $0 == "}" }).count
        if !paired {
            reader.error(
                "invalid_redirect",
                "\(owner) redirects to '\(template)', whose braces do not pair up",
                at: location,
                hint: "write {name} for a matched param, with both braces"
            )
        }
        return paired
    }

    /// The `{name}`s of a redirect template, in order.
    static func templateNames(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The sources a pattern's links can come from.
    static func sources(of source: URLPattern.Source, _ app: AppSettings) -> [LinkSource] {
        switch source {
        case .any: app.schemes.map { LinkSource.scheme($0) } + app.hosts.map { LinkSource.https($0) }
        case .scheme(let scheme): [.scheme(scheme)]
        case .web(let scheme, let host): [.web(scheme: scheme, host: host)]
        }
    }

    /// Values for a sample link of `route`: each placeholder, and each query param a link always
    /// has a value for (required, or defaulted: a link without it gets the default).
    static func sampleParams(of route: Route) -> [String: ParamValue] {
        var params: [String: ParamValue] = [:]
        for (name, spec) in route.pattern.placeholders { params[name] = sample(spec) }
        for param in route.query {
            switch param.declaration.mode {
            case .required, .defaulted: params[param.name] = sample(param.declaration.spec)
            case .optional, .array: break
            }
        }
        return params
    }

    /// A value that satisfies `spec`, for sample links.
    static func sample(_ spec: ParamSpec) -> ParamValue {
        func number(_ fallback: Double) -> Double {
            var value = fallback
            if let min = spec.min { value = Swift.max(value, min.rounded(.up)) }
            if let max = spec.max { value = Swift.min(value, max.rounded(.down)) }
            return value
        }
        switch spec.type {
        case .int: return .int(Int64(exactly: number(1)) ?? 1)
        case .uint: return .uint(UInt64(exactly: Swift.max(0, number(1))) ?? 1)
        case .float: return .float(number(1))
        case .bool: return .bool(true)
        case .string, .slug, .path: return .string(String(repeating: "x", count: Swift.max(1, spec.minLength ?? 1)))
        case .uuid: return .string("00000000-0000-4000-8000-000000000000")
        case .date: return .string("2024-01-01")
        case .enum(let values): return .string(values.first ?? "x")
        }
    }
}
