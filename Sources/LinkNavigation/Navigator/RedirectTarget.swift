import LinkRouting

/// Redirect URLs: templates filled from matched params, relative ones resolved against the link's source.
enum RedirectTarget {
    /// `/product/{id}` with `id` from the match; values are percent-encoded for their place.
    static func expand(_ template: String, match: RouteMatch, from url: String) throws(NavigationFailure) -> String {
        var out = ""
        var inQuery = false
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let literal = rest[..<open]
            if literal.contains("?") { inQuery = true }
            out += literal
            guard let close = rest[open...].firstIndex(of: "}") else { throw .badRedirect(template) }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = match[name], value != .null else { throw .badRedirect(template) }
            out += inQuery ? URLEncoding.queryComponent(value.text) : URLEncoding.pathSegment(value.text)
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return try absolute(out, from: url)
    }

    /// A URL with a scheme is used as it is; `/path` keeps the current link's scheme and host.
    static func absolute(_ target: String, from url: String) throws(NavigationFailure) -> String {
        guard target.hasPrefix("/") else {
            guard (try? NormalizedURL(target)) != nil else { throw .badRedirect(target) }
            return target
        }
        guard let current = try? NormalizedURL(url) else { throw .badRedirect(target) }
        if let host = current.host { return current.scheme + "://" + host + target }
        return current.scheme + ":/" + target
    }

    /// The normalised form, for comparing URLs in a chain.
    static func canonical(_ url: String) -> String { (try? NormalizedURL(url))?.description ?? url }
}
