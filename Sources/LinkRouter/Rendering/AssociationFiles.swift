internal import LinkRouting

/// The two app-association files, generated from the table once per load: Apple's
/// `apple-app-site-association` and Android's `assetlinks.json`.
enum AssociationFiles {
    /// `applinks` components: excludes first, then specific rules before broad ones, a catch-all last.
    static func apple(_ config: LoadedConfig) -> [UInt8] {
        var w = JSONWriter(capacity: 1024)
        w.beginObject()
        w.objectField("applinks") { w in
            w.arrayField("details") { w in
                w.beginObject()
                w.field("appIDs", config.app.appleAppIDs)
                w.arrayField("components") { w in
                    for path in config.app.appleExcludes {
                        w.beginObject()
                        w.field("/", path)
                        w.field("exclude", true)
                        w.endObject()
                    }
                    for rule in components(config) {
                        w.beginObject()
                        w.field("/", rule.path)
                        if !rule.query.isEmpty {
                            w.objectField("?") { w in
                                for (name, value) in rule.query { w.field(name, value) }
                            }
                        }
                        w.field("comment", rule.route)
                        w.endObject()
                    }
                }
                w.endObject()
            }
        }
        w.endObject()
        return w.finish()
    }

    static func android(_ config: LoadedConfig) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginArray()
        if let package = config.app.androidPackage {
            w.beginObject()
            w.field("relation", ["delegate_permission/common.handle_all_urls"])
            w.objectField("target") { w in
                w.field("namespace", "android_app")
                w.field("package_name", package)
                w.field("sha256_cert_fingerprints", config.app.androidFingerprints)
            }
            w.endObject()
        }
        w.endArray()
        return w.finish()
    }

    struct Rule: Hashable {
        let path: String
        let query: [String: String]
        let route: String
        let literals: Int
        let wildcards: Int
    }

    /// One rule per web-reachable route variant (optional groups spelled out), most specific first.
    static func components(_ config: LoadedConfig) -> [Rule] {
        var rules: [Rule] = []
        var seen: Set<String> = []
        for route in config.table.routes {
            switch route.pattern.source {
            case .any: break
            case .web(_, let host) where config.app.hosts.contains(host): break
            default: continue
            }
            guard !config.app.hosts.isEmpty else { continue }
            var query: [String: String] = [:]
            for literal in route.pattern.queryLiterals { query[literal.name] = literal.value ?? "*" }
            for variant in expand(route.pattern.elements) {
                let path = "/" + variant.map { $0 ?? "*" }.joined(separator: "/")
                let key =
                    path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
                guard seen.insert(key).inserted else { continue }
                let literals = variant.filter { $0 != nil }.count
                rules.append(
                    Rule(
                        path: path,
                        query: query,
                        route: route.name,
                        literals: literals,
                        wildcards: variant.count - literals
                    )
                )
            }
        }
        return rules.sorted { a, b in
            if a.path.hasSuffix("/*") != b.path.hasSuffix("/*") && (a.path == "/*" || b.path == "/*") {
                return b.path == "/*"
            }
            if a.query.count != b.query.count { return a.query.count > b.query.count }
            if a.literals != b.literals { return a.literals > b.literals }
            if a.wildcards != b.wildcards { return a.wildcards < b.wildcards }
            return a.path < b.path
        }
    }

    /// Each combination of optional groups: literal segments, `nil` for a placeholder.
    static func expand(_ elements: [URLPattern.Element]) -> [[String?]] {
        var result: [[String?]] = [[]]
        for element in elements {
            switch element {
            case .literal(let text): result = result.map { $0 + [text] }
            case .placeholder: result = result.map { $0 + [nil] }
            case .optional(let inner):
                let tails = expand(inner)
                result = result.flatMap { prefix in tails.map { prefix + $0 } + [prefix] }
            }
        }
        return result
    }
}
