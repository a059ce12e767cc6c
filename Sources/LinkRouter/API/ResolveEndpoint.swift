internal import LinkNavigation
internal import LinkRouterHTTP
internal import LinkRouting

extension APIResponder {
    /// `POST /v1/resolve`: a dry run on a given stack, attributes and headers; the navigation answer
    /// plus `explain`. Nothing is stored.
    func resolve(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        try body.only(["url", "stack", "attributes", "headers", "strategy", "via"])
        let config = engine.config
        let url = try body.requiredString("url")
        try checkLength(ofLink: url)
        let session = try Self.dryRunSession(body, config, link: url)
        // The request's own headers, as a navigate would see them, with the body's `headers` over them.
        var headers = request.headerDictionary
        for member in try body.objectValue("headers") ?? JSONObject() {
            guard case .string(let value) = member.value else {
                throw .badRequest("header '\(member.key)' must be a string", detail: ["header": .string(member.key)])
            }
            headers[HTTPRequest.asciiLowercased(member.key)] = value
        }
        let navigation = Navigator.Request(
            url: url,
            strategy: try body.strategy(),
            via: try body.strings("via") ?? [],
            lowercasedHeaders: headers
        )
        let explanation = Self.explanation(url, config)
        let outcome: NavigationOutcome
        do {
            outcome = try config.navigator.navigate(navigation, session: session)
        } catch {
            let base = APIError(error, fallback: config.app.fallback)
            var detail = base.detail
            _ = detail.append(key: "explain", value: explanation)
            throw APIError(base.status, base.code, base.message, detail: detail)
        }
        var writer = JSONWriter(capacity: 2048)
        writer.navigationAnswer(outcome, version: outcome.version, config.rendering, dryRun: true) { w in
            w.key("explain")
            w.value(explanation)
        }
        return .json(200, writer)
    }

    /// The session a dry run starts from: `stack` as screen names or `{screen, params}` objects.
    ///
    /// An entry given without some of the params its screen declares takes them from the link's
    /// own params (matched as the URL stands), as synthesised screens do (SPEC §3), then from
    /// defaults: `stack: [home, catalog, product]` with `shop://product/42/reviews` is product 42.
    static func dryRunSession(_ body: RequestBody, _ config: LoadedConfig, link: String) throws(APIError) -> Session {
        var attributes: SessionAttributes = [:]
        if let given = try body.objectValue("attributes") {
            attributes.merge(try RequestBody.attributes(given, allowNull: false))
        }
        var entries: [StackEntry] = []
        let items: [JSONValue]
        switch body.object["stack"] {
        case nil, .null?: items = []
        case .array(let list)?: items = list
        default: throw .badRequest("'stack' must be a list of screens", detail: ["field": .string("stack")])
        }
        let linkParams = items.isEmpty ? [] : (try? config.table.match(link))?.params ?? []
        for item in items {
            let name: String
            var params: [String: ParamValue] = [:]
            switch item {
            case .string(let screen): name = screen
            case .object(let object):
                let entry = RequestBody(object: object)
                // An entry copied from an answer carries `id` and `presentation` too: both are
                // checked and then made afresh (ids e1, e2, … and the screen's presentation).
                try entry.only(["screen", "params", "id", "presentation"])
                _ = try entry.string("id")
                if let presentation = try entry.string("presentation"), Presentation(rawValue: presentation) == nil {
                    throw .badRequest(
                        "presentation must be push, modal or root",
                        detail: ["field": .string("presentation")]
                    )
                }
                name = try entry.requiredString("screen")
                params = try RequestBody.params(try entry.objectValue("params") ?? JSONObject())
            default:
                throw .badRequest("a stack entry is a screen name or {\"screen\", \"params\"}")
            }
            for param in linkParams where params[param.name] == nil { params[param.name] = param.value }
            entries.append(try stackEntry(name, params, number: entries.count + 1, config))
        }
        return Session(id: "", stack: entries, attributes: attributes, version: 0, nextEntryNumber: entries.count + 1)
    }

    /// A given stack entry, typed by its screen's declaration.
    static func stackEntry(_ name: String, _ params: [String: ParamValue], number: Int, _ config: LoadedConfig)
        throws(APIError) -> StackEntry
    {
        guard let screen = config.graph[name] else {
            throw .badRequest("unknown screen '\(name)' in the stack", detail: ["screen": .string(name)])
        }
        let typed: EntryParams
        do {
            typed = try config.config.resolver.entryParams(screen, EntryParams(params))
        } catch {
            throw APIError(error)
        }
        let presentation: Presentation =
            number == 1 ? .root : (screen.presentation == .modal ? .modal : .push)
        return StackEntry(number: number, screen: name, params: typed, presentation: presentation)
    }
}
