extension RouteTable {
    /// Reverse routing: the URL that matches back to `routeName` with exactly `params`.
    ///
    /// Optional groups are written when all their params are given; `null` values count as not given.
    /// Declared query params are appended in declaration order (arrays as repeated keys).
    /// The URL is matched again before it is returned, so a link that another route would capture
    /// is an error, never a wrong link.
    /// - Parameters:
    ///   - source: where the link points; by default the route's pinned source, else the first
    ///     custom scheme, else https on the first host.
    /// - Throws: ``LinkError``.
    public func url(
        for routeName: String,
        params: [String: ParamValue],
        source: LinkSource? = nil
    ) throws(LinkError) -> String {
        guard let route = route(named: routeName) else {
            throw LinkError(.unknownRoute, "no route named '\(routeName)'")
        }
        let given = params.filter { $0.value != .null }
        let prefix = try linkPrefix(route, source)
        let variant = try chooseVariant(route, given: given)
        let queryNames = Set(route.query.map(\.name))
        // Named in name order: the same request gets the same answer in every process (a
        // dictionary's order is its process's own).
        let stray = given.keys.filter { !queryNames.contains($0) && !variant.used.contains($0) }
        if let name = stray.min() {
            if route.pathParamNames.contains(name) {
                throw LinkError(
                    .missingParam,
                    "parameter '\(name)' sits in an optional group whose other parameters are not given",
                    param: name
                )
            }
            throw LinkError(.unknownParam, "route '\(route.name)' has no parameter '\(name)'", param: name)
        }

        var segments: [String] = []
        for element in variant.elements {
            switch element {
            case .literal(let bytes):
                segments.append(PercentEncoding.encode(String(decoding: bytes, as: UTF8.self), allowed: .pathSegment))
            case .placeholder(let name, let spec):
                let text = try Self.checked(given[name] ?? .null, spec, name)
                if spec.type == .path {
                    let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
                    guard !pieces.contains(where: \.isEmpty) else {
                        throw LinkError(.invalidParam, "rest-of-path '\(name)' has an empty segment", param: name)
                    }
                    segments += pieces.map { PercentEncoding.encode(String($0), allowed: .pathSegment) }
                } else {
                    segments.append(PercentEncoding.encode(text, allowed: .pathSegment))
                }
            case .absent:
                break
            }
        }
        var url = prefix + segments.joined(separator: "/")
        let query = try queryString(route, given)
        if !query.isEmpty { url += "?" + query }
        try verify(url, route, given)
        return url
    }

    private func linkPrefix(_ route: Route, _ requested: LinkSource?) throws(LinkError) -> String {
        let source: LinkSource
        switch (requested, route.pattern.source) {
        case (let requested?, .any):
            source = requested
        case (nil, .any):
            if let scheme = schemes.first {
                source = .scheme(scheme)
            } else if let host = hosts.first {
                source = .https(host)
            } else {
                throw LinkError(.invalidSource, "the table has no link source")
            }
        case (nil, .scheme(let scheme)):
            source = .scheme(scheme)
        case (nil, .web(let scheme, let host)):
            source = .web(scheme: scheme, host: host)
        case (let requested?, let pinned):
            let pinnedSource: LinkSource? =
                switch pinned {
                case .scheme(let s): .scheme(s)
                case .web(let s, let h): .web(scheme: s, host: h)
                case .any: nil
                }
            guard Self.lowercased(requested) == pinnedSource else {
                throw LinkError(.invalidSource, "route '\(route.name)' only matches \(route.pattern.text)")
            }
            source = requested
        }
        switch Self.lowercased(source) {
        case .scheme(let scheme):
            guard schemes.contains(scheme) else {
                throw LinkError(.invalidSource, "'\(scheme)' is not one of the app's schemes")
            }
            return scheme + "://"
        case .web(let scheme, let host):
            guard scheme == "https" || scheme == "http", hosts.contains(host) else {
                throw LinkError(.invalidSource, "'\(scheme)://\(host)' is not one of the app's web origins")
            }
            return scheme + "://" + host + "/"
        }
    }

    private static func lowercased(_ source: LinkSource) -> LinkSource {
        switch source {
        case .scheme(let s): .scheme(s.lowercased())
        case .web(let s, let h): .web(scheme: s.lowercased(), host: h.lowercased())
        }
    }

    /// The variant using the most given params whose placeholders are all given.
    private func chooseVariant(
        _ route: Route,
        given: [String: ParamValue]
    ) throws(LinkError) -> (elements: [VariantElement], used: Set<String>) {
        var best: (elements: [VariantElement], used: Set<String>)?
        for variant in route.pattern.variants {
            var names: Set<String> = []
            var complete = true
            for case .placeholder(let name, _) in variant {
                names.insert(name)
                if given[name] == nil { complete = false }
            }
            if complete && names.count > (best?.used.count ?? -1) { best = (variant, names) }
        }
        guard let best else {
            let missing =
                route.pattern.variants.last.map { variant in
                    variant.compactMap { element -> String? in
                        if case .placeholder(let name, _) = element, given[name] == nil { return name }
                        return nil
                    }
                } ?? []
            throw LinkError(
                .missingParam,
                "route '\(route.name)' needs \(missing.map { "'\($0)'" }.joined(separator: ", "))",
                param: missing.first
            )
        }
        return best
    }

    private static func checked(_ value: ParamValue, _ spec: ParamSpec, _ name: String) throws(LinkError) -> String {
        // A number or bool for a text param is taken as its text, as a text is taken for a number
        // (`"42"` for an int): the link holds text either way, and the spec decides.
        var value = value
        switch (spec.type, value) {
        case (.int, _), (.uint, _), (.float, _), (.bool, _): break
        case (_, .int), (_, .uint), (_, .bool): value = .string(value.text)
        // A JSON number beyond 64-bit integers is a double whose text would not be the digits
        // sent (`1.2345678901234567e+19`): only a plain decimal one is taken as text.
        case (_, .float) where !value.text.contains("e") && !value.text.contains("E"): value = .string(value.text)
        default: break
        }
        do {
            try spec.validate(value)
        } catch {
            throw LinkError(.invalidParam, "parameter '\(name)': \(error.message)", param: name)
        }
        if case .string(let text) = value, spec.type == .uuid { return text.lowercased() }
        return value.text
    }

    private func queryString(_ route: Route, _ given: [String: ParamValue]) throws(LinkError) -> String {
        var pairs: [String] = []
        func add(_ name: String, _ value: String) {
            pairs.append(
                PercentEncoding.encode(name, allowed: .queryComponent) + "="
                    + PercentEncoding.encode(value, allowed: .queryComponent)
            )
        }
        for literal in route.pattern.queryLiterals { add(literal.name, literal.value ?? "") }
        for param in route.query {
            guard let value = given[param.name] else {
                if param.declaration.isRequired {
                    throw LinkError(.missingParam, "query parameter '\(param.name)' is required", param: param.name)
                }
                continue
            }
            if case .array = param.declaration.mode {
                let elements: [ParamValue]
                if case .array(let values) = value { elements = values } else { elements = [value] }
                for element in elements {
                    add(param.name, try Self.checked(element, param.declaration.spec, param.name))
                }
            } else {
                add(param.name, try Self.checked(value, param.declaration.spec, param.name))
            }
        }
        return pairs.joined(separator: "&")
    }

    /// Matches the built URL again: it must come back to the same route with the same values.
    private func verify(_ url: String, _ route: Route, _ given: [String: ParamValue]) throws(LinkError) {
        let matched: RouteMatch?
        do {
            matched = try match(url)
        } catch {
            throw LinkError(.invalidParam, "the link \(url) is malformed: \(error)")
        }
        guard let matched, matched.route === route else {
            let winner = (try? match(url))??.route.name
            throw LinkError(
                .unreachable,
                "the link \(url) matches route '\(winner ?? "none")', not '\(route.name)'"
                    + " (a more specific route takes these values)"
            )
        }
        var specs: [String: ParamSpec] = [:]
        for (name, spec) in route.pattern.placeholders { specs[name] = spec }
        for param in route.query { specs[param.name] = param.declaration.spec }
        for (name, value) in given {
            guard let bound = matched[name], let spec = specs[name], Self.sameValue(bound, value, spec) else {
                throw LinkError(
                    .unreachable,
                    "the link \(url) gives '\(name)' another value than \(value)",
                    param: name
                )
            }
        }
    }

    /// Typed equality: the given value is read with the parameter's spec first, so `"007"` for an
    /// int is 7 and a uuid in capitals is its lowercase form.
    private static func sameValue(_ bound: ParamValue, _ given: ParamValue, _ spec: ParamSpec) -> Bool {
        switch (bound, given) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1, spec) }
        case (.array(let a), _):
            return a.count == 1 && sameValue(a[0], given, spec)
        default:
            return bound == given || (try? spec.value(parsing: given.text)) == bound
        }
    }
}
