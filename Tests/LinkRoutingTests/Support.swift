import LinkRouting

/// Builds a table for tests from `name pattern` pairs on the `shop` scheme and `shop.example.com`.
func makeTable(
    _ routes: [(String, String)],
    query: [String: [QueryParam]] = [:],
    schemes: [String] = ["shop"],
    hosts: [String] = ["shop.example.com"]
) throws -> RouteTable {
    try RouteTable(
        routes.map { RouteDefinition(name: $0.0, pattern: $0.1, query: query[$0.0] ?? []) },
        schemes: schemes,
        hosts: hosts
    )
}

extension RouteMatch {
    /// `name=value` pairs, in order, for compact assertions.
    var summary: [String] { params.map { "\($0.name)=\($0.value)" } }
}
