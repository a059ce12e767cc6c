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

/// A small seeded generator so shuffles and generated inputs are reproducible from a seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
