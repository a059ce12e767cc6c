import LinkNavigation
import LinkRouting

/// The shop app of SPEC §2, plus a few screens that exercise the rules.
func shopGraph() throws -> ScreenGraph {
    try ScreenGraph([
        Screen(name: "home"),
        Screen(name: "catalog", parent: "home"),
        Screen(
            name: "product",
            params: [try ScreenParam("id", "int"), try ScreenParam("ref", "string=direct")],
            parent: "catalog",
            launch: .singleTop
        ),
        Screen(
            name: "reviews",
            params: [
                try ScreenParam("id", "int"),
                ScreenParam(
                    name: "page",
                    declaration: try ParamDeclaration(spec: try ParamSpec(type: .int, min: 1), default: .int(1))
                ),
            ],
            parent: "product",
            origins: ["product"]
        ),
        Screen(name: "cart", parent: "home"),
        Screen(name: "checkout", parent: "cart", origins: ["cart"]),
        Screen(name: "receipt", parent: "checkout", origins: ["checkout"]),
        Screen(name: "settings", parent: "home", launch: .unique),
        Screen(name: "search", params: [try ScreenParam("q", "string?")], parent: "home"),
        Screen(name: "login", presentation: .modal),
        Screen(name: "forgot", origins: ["login"]),
        Screen(name: "update_required", presentation: .modal),
        Screen(name: "onboarding", presentation: .root),
        Screen(name: "share", parent: "home", origins: ["product"]),
        Screen(name: "terms"),
        Screen(name: "account", parent: "home", presentation: .modal),
        Screen(name: "profile_edit", parent: "account"),
        Screen(name: "avatar", parent: "profile_edit"),
        Screen(name: "member", params: [try ScreenParam("id", "int")], parent: "home", launch: .unique),
    ])
}

/// A stack from `screen` or `screen:id` shorthands (`product:42`), ids e1, e2, ...
func stack(_ items: String...) throws -> [StackEntry] { try stack(from: items) }

/// A stack from an array of shorthands.
func stack(from items: [String]) throws -> [StackEntry] {
    let graph = try shopGraph()
    return items.enumerated().map { index, item in
        let parts = item.split(separator: ":").map(String.init)
        let screen = graph[parts[0]]
        var params: [String: ParamValue] = [:]
        for param in screen?.params ?? [] {
            switch param.declaration.mode {
            case .defaulted(let value): params[param.name] = value
            case .optional: params[param.name] = .null
            case .array: params[param.name] = .array([])
            case .required: break
            }
        }
        if parts.count > 1, let id = Int64(parts[1]) { params["id"] = .int(id) }
        let presentation: Presentation =
            index == 0 ? .root : (screen?.presentation == .modal ? .modal : .push)
        return StackEntry(id: "e\(index + 1)", screen: parts[0], params: params, presentation: presentation)
    }
}

extension Array where Element == StackEntry {
    /// `screen` or `screen:id`, for compact expectations.
    var names: [String] {
        map { entry in
            if case .int(let id)? = entry.params["id"] { return "\(entry.screen):\(id)" }
            return entry.screen
        }
    }
}

extension TransitionOp {
    /// `pop 1`, `dismiss`, `push product`, `present login`, `update product`, `replace home,catalog`.
    var summary: String {
        switch self {
        case .pop(let n): "pop \(n)"
        case .dismiss: "dismiss"
        case .push(let e): "push \(e.screen)"
        case .present(let e): "present \(e.screen)"
        case .update(let e): "update \(e.screen)"
        case .replace(let s): "replace " + s.map(\.screen).joined(separator: ",")
        }
    }
}
