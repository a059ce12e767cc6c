import LinkRouting

/// Every table, peer and URL list the benchmark uses, built and checked once.
struct Fixture {
    let github: [GitHubRoute]
    let githubTable: RouteTable
    let githubURLs: [String]
    let githubSplit: [[String]]
    let peer: RoutingKitPeer
    /// Deep-link tables of 2,000 and 26 routes; the smaller one is a prefix of the larger one.
    let large: RouteTable
    let small: RouteTable
    /// URLs of sections s0 and s1, which both deep-link tables contain.
    let sharedURLs: [String]

    static let staticURL = "https://shop.example.com/GET/user/repos"
    static let paramURL = "https://shop.example.com/GET/repos/julienschmidt/httprouter/stargazers"

    /// Builds everything and aborts (throws) unless every lookup URL selects the route it came from.
    init(routesFile: String) throws {
        github = try GitHubRoute.load(from: routesFile)
        githubTable = try RouteTable(GitHubRoute.definitions(github), schemes: ["shop"], hosts: [GitHubRoute.host])
        githubURLs = github.map(\.lookupURL)
        try LinkRoutingPasses.verify(githubTable, githubURLs.enumerated().map { ($0.element, $0.offset) }, "github")
        peer = RoutingKitPeer(github)
        for (index, url) in githubURLs.enumerated() where peer.lookup(url) != index {
            throw InputError("RoutingKit: \(url) gave route \(peer.lookup(url).map(String.init) ?? "nil"), expected \(index)")
        }
        githubSplit = github.map(\.segments)
        for (index, path) in githubSplit.enumerated() where peer.lookup(split: path) != index {
            throw InputError("RoutingKit: \(path) gave a different route than \(index)")
        }

        large = try RouteTable(DeepLinks.definitions(count: 2000), schemes: ["shop"], hosts: [GitHubRoute.host])
        small = try RouteTable(DeepLinks.definitions(count: 26), schemes: ["shop"], hosts: [GitHubRoute.host])
        try LinkRoutingPasses.verify(large, DeepLinks.lookups(count: 2000), "deep-link 2000")
        let shared = try DeepLinks.lookups(count: 2 * DeepLinks.shapeCount)
        try LinkRoutingPasses.verify(small, shared, "deep-link 26")
        sharedURLs = shared.map(\.url)

        guard let s = try githubTable.match(Self.staticURL), s.params.isEmpty,
            let p = try githubTable.match(Self.paramURL), p.params.count == 2
        else { throw InputError("the allocation URLs do not match their routes") }
    }

    var summary: String {
        "inputs: github \(github.count) routes (\(githubTable.warnings.count) warnings); deep-link tables "
            + "\(large.routes.count) routes (\(large.warnings.count) warnings) and \(small.routes.count) routes "
            + "(\(small.warnings.count) warnings), \(sharedURLs.count) URLs present in both; all lookups verified"
    }
}
