/// Percent-encoding for building URLs outside the table (redirect templates, links in answers).
public enum URLEncoding {
    /// Encodes text for one path segment: everything outside RFC 3986 `pchar` (so `/`, `?`, `#`, `%`).
    public static func pathSegment(_ text: String) -> String { PercentEncoding.encode(text, allowed: .pathSegment) }

    /// Encodes a query key or value: also `&`, `=` and `+`.
    public static func queryComponent(_ text: String) -> String {
        PercentEncoding.encode(text, allowed: .queryComponent)
    }
}
