/// What a table is built from: a named pattern and its declared query parameters.
public struct RouteDefinition: Sendable, Hashable {
    public let name: String
    public let pattern: String
    public let query: [QueryParam]

    public init(name: String, pattern: String, query: [QueryParam] = []) {
        self.name = name
        self.pattern = pattern
        self.query = query
    }
}

/// A compiled route of a ``RouteTable``. Identity is ``index``: callers keep per-route data
/// (screen, redirect, interceptors) in an array of their own indexed the same way.
public final class Route: Sendable, CustomStringConvertible {
    /// Position in the definitions the table was built from.
    public let index: Int
    public let name: String
    public let pattern: URLPattern
    public let query: [QueryParam]
    /// Names of path placeholders, in pattern order.
    public let pathParamNames: [String]
    /// Compiled source id, or -1 for every source.
    let sourceID: Int
    /// Query literal keys and values as bytes, for matching without strings.
    let queryLiteralBytes: [(key: [UInt8], value: [UInt8]?)]
    /// Declared query parameters with their key bytes.
    let queryKeyBytes: [[UInt8]]

    init(index: Int, name: String, pattern: URLPattern, query: [QueryParam], sourceID: Int) {
        self.index = index
        self.name = name
        self.pattern = pattern
        self.query = query
        self.pathParamNames = pattern.placeholders.map(\.name)
        self.sourceID = sourceID
        self.queryLiteralBytes = pattern.queryLiterals.map { (Array($0.name.utf8), $0.value.map { Array($0.utf8) }) }
        self.queryKeyBytes = query.map { Array($0.name.utf8) }
    }

    public var description: String { "\(name) \(pattern.text)" }

    /// Specificity among routes whose paths tie: more query literals with a value (`?type=pvp`),
    /// then more query literals in all (`?debug`), then a pinned source, then more required query
    /// params, then the name (so the order never depends on declaration order).
    static func precedes(_ a: Route, _ b: Route) -> Bool {
        let va = a.pattern.queryLiterals.filter { $0.value != nil }.count
        let vb = b.pattern.queryLiterals.filter { $0.value != nil }.count
        if va != vb { return va > vb }
        if a.pattern.queryLiterals.count != b.pattern.queryLiterals.count {
            return a.pattern.queryLiterals.count > b.pattern.queryLiterals.count
        }
        if (a.sourceID >= 0) != (b.sourceID >= 0) { return a.sourceID >= 0 }
        let ra = a.query.filter(\.declaration.isRequired).count
        let rb = b.query.filter(\.declaration.isRequired).count
        if ra != rb { return ra > rb }
        return a.name < b.name
    }
}
