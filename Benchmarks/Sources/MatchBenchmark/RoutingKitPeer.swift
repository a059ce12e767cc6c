import RoutingKit

/// vapor/routing-kit 4.9.3 `TrieRouter` with the GitHub set, looked up the way Vapor's
/// `DefaultResponder` does per request: split the path on "/" into `[String]`, fresh `Parameters`.
final class RoutingKitPeer {
    let router = TrieRouter<Int>()
    /// Copied per lookup: a fresh, empty `Parameters` without paying for its `Logger` each time.
    let emptyParameters = Parameters()
    let originLength: Int

    init(_ routes: [GitHubRoute]) {
        for (index, route) in routes.enumerated() {
            router.register(
                index,
                at: route.segments.map { $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .constant($0) }
            )
        }
        originLength = GitHubRoute.origin.utf8.count
    }

    /// `https://shop.example.com/GET/repos/x/y/events` → route index.
    @inline(never)
    func lookup(_ url: String) -> Int? {
        let path = Substring(url.utf8.dropFirst(originLength))
        let components = path.split(separator: "/").map(String.init)
        var parameters = emptyParameters
        return router.route(path: components, parameters: &parameters)
    }

    /// The router alone, on a path split beforehand (for reference, not the headline figure).
    @inline(never)
    func lookup(split components: [String]) -> Int? {
        var parameters = emptyParameters
        return router.route(path: components, parameters: &parameters)
    }
}
