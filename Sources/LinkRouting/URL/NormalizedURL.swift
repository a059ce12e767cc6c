/// A URL normalised as SPEC §2.1 says: scheme and host lowercased, fragment dropped, each path
/// segment and query component percent-decoded exactly once, one trailing slash ignored.
///
/// ``description`` renders the canonical form; normalising it again gives the same value.
public struct NormalizedURL: Sendable, Hashable, CustomStringConvertible {
    /// A decoded query pair.
    public struct QueryItem: Sendable, Hashable {
        public let name: String
        public let value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Lowercased scheme.
    public let scheme: String
    /// Lowercased host (with a non-default port) for `http`/`https`; `nil` for custom schemes.
    public let host: String?
    /// Decoded segments. For a custom scheme the first one is the host slot, lowercased.
    public let segments: [String]
    /// Decoded query pairs, in order, repeats kept.
    public let query: [QueryItem]

    /// Normalises `url`.
    /// - Throws: ``MalformedURLError`` naming the component at fault.
    public init(_ url: String) throws(MalformedURLError) {
        let result = ScannedURL.with(url) { scanned in
            (
                String(decoding: scanned.scheme, as: UTF8.self).lowercased(),
                scanned.isWeb ? String(decoding: scanned.host, as: UTF8.self).lowercased() : nil,
                scanned.segments.map { String(decoding: $0, as: UTF8.self) },
                scanned.query.map {
                    QueryItem(
                        name: String(decoding: $0.key, as: UTF8.self),
                        value: String(decoding: $0.value, as: UTF8.self)
                    )
                }
            )
        }
        switch result {
        case .success(let parts): (scheme, host, segments, query) = parts
        case .failure(let error): throw error
        }
    }

    /// The canonical text: `scheme://host/seg/seg?k=v`, everything outside the unreserved set encoded.
    public var description: String {
        var out = scheme + "://"
        if let host {
            out += host
            if !segments.isEmpty { out += "/" }
        } else if segments.first == "" {
            out += "/"  // an empty host slot needs its own slash to survive the next parse
        }
        out += segments.map { PercentEncoding.encode($0, allowed: .pathSegment) }.joined(separator: "/")
        if segments.last == "" { out += "/" }  // one trailing slash is ignored, so an empty last segment needs two
        if !query.isEmpty {
            out += "?"
            out += query.map {
                PercentEncoding.encode($0.name, allowed: .queryComponent) + "="
                    + PercentEncoding.encode($0.value, allowed: .queryComponent)
            }.joined(separator: "&")
        }
        return out
    }
}
