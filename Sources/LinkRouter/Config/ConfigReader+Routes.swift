internal import LinkNavigation
internal import LinkRouting
internal import Yams

extension ConfigReader {
    static let routeKeys = ["name", "pattern", "screen", "redirect", "query", "interceptors", "strategy"]

    func route(_ node: Node) -> RouteDecl? {
        guard let items = mapping(node, "a route", keys: Self.routeKeys) else { return nil }
        var values: [String: Node] = [:]
        for item in items { values[item.key] = item.value }
        guard let nameNode = values["name"], let name = string(nameNode, "route name") else {
            if values["name"] == nil {
                error("missing_key", "a route has no name", at: node, hint: "add `name: product`")
            }
            return nil
        }
        let what = "route '\(name)'"
        guard let patternNode = values["pattern"], let pattern = string(patternNode, "pattern of \(what)") else {
            if values["pattern"] == nil {
                error("missing_key", "\(what) has no pattern", at: node, hint: "add `pattern: \"/product/{id:int}\"`")
            }
            return nil
        }
        var decl = RouteDecl(
            name: Located(name, textLocation(nameNode)),
            pattern: Located(pattern, textLocation(patternNode)),
            location: location(node)
        )
        switch (values["screen"], values["redirect"]) {
        case (let screen?, nil):
            decl.screen = string(screen, "screen of \(what)").map { Located($0, textLocation(screen)) }
        case (nil, let redirect?):
            decl.redirect = string(redirect, "redirect of \(what)").map { Located($0, textLocation(redirect)) }
        case (.some, .some):
            error("invalid_value", "\(what) has both a screen and a redirect", at: node, hint: "keep one of them")
        case (nil, nil):
            error(
                "missing_key",
                "\(what) has neither a screen nor a redirect",
                at: node,
                hint: "add `screen: NAME` or `redirect: URL`"
            )
        }
        if let query = values["query"] {
            for param in mapping(query, "query of \(what)") ?? [] {
                guard let declared = self.param(param, owner: what) else { continue }
                decl.query.append(declared)
                decl.queryLocations[param.key] = location(param.keyNode)
            }
        }
        if let names = values["interceptors"] { decl.interceptors = located(strings(names, "interceptors of \(what)")) }
        if let strategy = values["strategy"] { decl.strategy = choice(strategy, "strategy of \(what)", Strategy.self) }
        return decl
    }
}
