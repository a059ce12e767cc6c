package import LinkRouting

/// Redirect URLs: templates filled from matched params, relative ones resolved against the link's source.
package enum RedirectTarget {
    /// `/product/{id}` with `id` from the match; values are percent-encoded for their place.
    static func expand(_ template: String, match: RouteMatch, from url: String) throws(NavigationFailure) -> String {
        guard let filled = fill(template, with: { match[$0] }) else { throw .badRedirect(template) }
        return try absolute(filled, from: url)
    }

    /// `template` with each `{name}` replaced by `value(name)`, percent-encoded for its place (a path
    /// segment, or a query component once a `?` has come); `nil` when a name has no value (or a
    /// `null` one) or a brace is left open.
    package static func fill(_ template: String, with value: (String) -> ParamValue?) -> String? {
        var out = ""
        var inQuery = false
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let literal = rest[..<open]
            if literal.contains("?") { inQuery = true }
            out += literal
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            guard let filled = value(String(rest[rest.index(after: open)..<close])), filled != .null else { return nil }
            out += inQuery ? URLEncoding.queryComponent(filled.text) : URLEncoding.pathSegment(filled.text)
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
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
