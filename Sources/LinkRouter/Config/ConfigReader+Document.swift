internal import LinkNavigation
internal import LinkRouting
internal import Yams

extension ConfigReader {
    static let rootKeys = [
        "app", "screens", "flows", "interceptors", "global_interceptors", "flags", "sessions", "routes",
    ]

    /// Reads the whole document; problems are collected in ``diagnostics``.
    func document(_ root: Node) -> ConfigDocument {
        var document = ConfigDocument()
        guard let entries = mapping(root, "the config", keys: Self.rootKeys) else { return document }
        if !entries.contains(where: { $0.key == "routes" }) {
            error("missing_key", "the config has no routes", at: root, hint: "add a `routes:` list")
        }
        for entry in entries {
            switch entry.key {
            case "app": readApp(entry.value, into: &document)
            case "screens": document.screens = mapping(entry.value, "screens")?.compactMap(screen) ?? []
            case "flows": document.flows = mapping(entry.value, "flows")?.compactMap(flow) ?? []
            case "interceptors":
                let entries = mapping(entry.value, "interceptors") ?? []
                document.interceptors = entries.compactMap(interceptor)
                document.declaredInterceptors = Set(entries.map(\.key))
            case "global_interceptors":
                document.globalInterceptors = located(strings(entry.value, "global_interceptors"))
            case "flags":
                for flag in mapping(entry.value, "flags") ?? [] {
                    if let value = bool(flag.value, "flag '\(flag.key)'") { document.flags[flag.key] = value }
                }
            case "sessions": readSessions(entry.value, into: &document.sessions)
            case "routes": document.routes = sequence(entry.value, "routes")?.compactMap(route) ?? []
            default: break
            }
        }
        return document
    }

    func located(_ items: [(String, Node)]?) -> [Located<String>] {
        (items ?? []).map { Located($0.0, textLocation($0.1)) }
    }

    private func readApp(_ node: Node, into document: inout ConfigDocument) {
        let keys = ["name", "schemes", "hosts", "redirect_limit", "fallback", "apple", "android"]
        for entry in mapping(node, "app", keys: keys) ?? [] {
            document.appLocations[entry.key] = location(entry.value)
            switch entry.key {
            case "name": document.app.name = string(entry.value, "app.name") ?? document.app.name
            case "schemes": document.schemeNodes = located(strings(entry.value, "app.schemes"))
            case "hosts": document.hostNodes = located(strings(entry.value, "app.hosts"))
            case "redirect_limit":
                document.app.redirectLimit = int(entry.value, "app.redirect_limit", in: 0...100) ?? 5
            case "fallback":
                for item in mapping(entry.value, "app.fallback", keys: ["web", "ios", "android"]) ?? [] {
                    if let url = string(item.value, "app.fallback.\(item.key)") {
                        document.app.fallback.append((item.key, url))
                    }
                }
            case "apple":
                for item in mapping(entry.value, "app.apple", keys: ["app_ids", "exclude"]) ?? [] {
                    let values = strings(item.value, "app.apple.\(item.key)")?.map(\.0) ?? []
                    if item.key == "app_ids" {
                        document.app.appleAppIDs = values
                    } else {
                        document.app.appleExcludes = values
                    }
                }
            case "android":
                for item in mapping(entry.value, "app.android", keys: ["package", "sha256_cert_fingerprints"]) ?? [] {
                    if item.key == "package" {
                        document.app.androidPackage = string(item.value, "app.android.package")
                    } else {
                        document.app.androidFingerprints =
                            strings(item.value, "app.android.sha256_cert_fingerprints")?.map(\.0) ?? []
                    }
                }
            default: break
            }
        }
    }

    private func readSessions(_ node: Node, into sessions: inout SessionSettings) {
        for entry in mapping(node, "sessions", keys: ["client_ids", "idle_ttl", "max", "max_depth"]) ?? [] {
            switch entry.key {
            case "client_ids": sessions.clientIDs = bool(entry.value, "sessions.client_ids") ?? false
            case "idle_ttl":
                guard let text = scalarText(entry.value, "sessions.idle_ttl") else { continue }
                if let ttl = DurationText.parse(text) {
                    sessions.idleTTL = ttl
                } else {
                    error(
                        "invalid_value",
                        "sessions.idle_ttl '\(text)' is not a duration",
                        at: entry.value,
                        hint: "write a positive duration such as 90s, 30m, 1h30m or 2d"
                    )
                }
            case "max": sessions.max = int(entry.value, "sessions.max", in: 1...100_000_000) ?? sessions.max
            case "max_depth":
                sessions.maxDepth = int(entry.value, "sessions.max_depth", in: 1...1024) ?? sessions.maxDepth
            default: break
            }
        }
    }

    private func screen(_ entry: Entry) -> ScreenDecl? {
        var decl = ScreenDecl(name: Located(entry.key, location(entry.keyNode)))
        let keys = ["params", "parent", "origins", "presentation", "launch"]
        for item in mapping(entry.value, "screen '\(entry.key)'", keys: keys) ?? [] {
            switch item.key {
            case "params":
                for param in mapping(item.value, "params of screen '\(entry.key)'") ?? [] {
                    guard let declared = self.param(param, owner: "screen '\(entry.key)'") else { continue }
                    decl.params.append(declared)
                    decl.paramLocations[param.key] = location(param.keyNode)
                }
            case "parent":
                decl.parent = string(item.value, "parent of '\(entry.key)'").map {
                    Located($0, textLocation(item.value))
                }
            case "origins": decl.origins = located(strings(item.value, "origins of '\(entry.key)'"))
            case "presentation":
                decl.presentation = choice(item.value, "presentation", Presentation.self) ?? .push
            case "launch": decl.launch = choice(item.value, "launch", LaunchMode.self) ?? .standard
            default: break
            }
        }
        return decl
    }

    /// A value of a string enum, with the choices in the hint.
    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _ type: T.Type) -> T?
    where T.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        error(
            "invalid_value",
            "\(what) '\(text)' is not one of \(names.joined(separator: ", "))",
            at: node,
            hint: Self.suggestion(text, among: names)
        )
        return nil
    }

    private func flow(_ entry: Entry) -> FlowDecl? {
        var decl = FlowDecl(name: Located(entry.key, location(entry.keyNode)))
        var sawScreens = false
        for item in mapping(entry.value, "flow '\(entry.key)'", keys: ["screens", "sets"]) ?? [] {
            if item.key == "screens" {
                sawScreens = true
                decl.screens = located(strings(item.value, "screens of flow '\(entry.key)'"))
            } else {
                for set in mapping(item.value, "sets of flow '\(entry.key)'") ?? [] {
                    if let value = attribute(set.value, "sets.\(set.key)") { decl.sets[set.key] = value }
                }
            }
        }
        if !sawScreens || decl.screens.isEmpty {
            error(
                "missing_key",
                "flow '\(entry.key)' has no screens",
                at: entry.keyNode,
                hint: "add `screens: [login]`"
            )
        }
        return decl
    }

    /// A session attribute value: a string, number or boolean scalar.
    func attribute(_ node: Node, _ what: String) -> AttributeValue? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            error(
                "invalid_type",
                "\(what) must be a string, number or boolean",
                at: node,
                hint: "write one value such as true, 3 or staff"
            )
            return nil
        }
        guard scalar.style == .plain else { return .string(scalar.string) }
        switch scalar.string {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if let number = Double(scalar.string), number.isFinite, scalar.string.utf8.allSatisfy({ $0 != 0x5F }) {
            return .number(number)
        }
        return .string(scalar.string)
    }
}
