import Foundation
import LinkRouting

/// One route of the GitHub API set: `GET /repos/:owner/:repo/events` split into segments,
/// with the method as the first segment.
struct GitHubRoute {
    /// `["GET", "repos", ":owner", ":repo", "events"]`
    let segments: [String]

    /// `https://shop.example.com/GET/repos/{owner}/{repo}/events`
    var pattern: String {
        GitHubRoute.origin + "/"
            + segments.map { $0.hasPrefix(":") ? "{" + $0.dropFirst() + "}" : $0 }.joined(separator: "/")
    }

    /// The pattern text itself as the request path (GithubAll): `.../GET/repos/:owner/:repo/events`.
    var lookupURL: String { GitHubRoute.origin + "/" + segments.joined(separator: "/") }

    static let origin = "https://shop.example.com"
    static let host = "shop.example.com"

    /// Reads `METHOD /path` lines; blank lines are skipped.
    static func load(from path: String) throws -> [GitHubRoute] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var routes: [GitHubRoute] = []
        for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, parts[1].hasPrefix("/") else {
                throw InputError("bad route line '\(line)' in \(path)")
            }
            routes.append(GitHubRoute(segments: [String(parts[0])] + parts[1].split(separator: "/").map(String.init)))
        }
        return routes
    }

    static func definitions(_ routes: [GitHubRoute]) -> [RouteDefinition] {
        routes.enumerated().map { RouteDefinition(name: "r\($0.offset)", pattern: $0.element.pattern) }
    }
}

/// The generated deep-link table: sections of ten route shapes on the custom scheme `shop://`,
/// route k being shape k % 10 of section k / 10. The first N routes form a table of N routes, so
/// every smaller table is a prefix of the larger ones.
enum DeepLinks {
    static let shapeCount = 10

    /// Route `k`: its definition and one URL that must select it.
    static func route(_ k: Int) throws -> (definition: RouteDefinition, url: String) {
        let s = "s\(k / shapeCount)"
        let name = "d\(k)"
        switch k % shapeCount {
        case 0:
            return (RouteDefinition(name: name, pattern: "shop://\(s)/item/{id:int}"), "shop://\(s)/item/12345")
        case 1:
            return (
                RouteDefinition(name: name, pattern: "shop://\(s)/item/{id:int}/reviews[/{page:int}]"),
                "shop://\(s)/item/12345/reviews/2"
            )
        case 2:
            return (
                RouteDefinition(name: name, pattern: "shop://\(s)/user/{uid:uuid}"),
                "shop://\(s)/user/3f2504e0-4f89-41d3-9a0c-0305e82c3301"
            )
        case 3:
            return (
                RouteDefinition(name: name, pattern: "shop://\(s)/cat/{kind:enum(new|hot|top)}"), "shop://\(s)/cat/hot"
            )
        case 4:
            return (RouteDefinition(name: name, pattern: "shop://\(s)/tag/{tag:slug}"), "shop://\(s)/tag/summer-sale-24")
        case 5:
            return (RouteDefinition(name: name, pattern: "shop://\(s)/day/{d:date}"), "shop://\(s)/day/2024-05-17")
        case 6:
            return (RouteDefinition(name: name, pattern: "shop://\(s)/static/about"), "shop://\(s)/static/about")
        case 7:
            return (RouteDefinition(name: name, pattern: "shop://\(s)/open?type=pvp"), "shop://\(s)/open?type=pvp")
        case 8:
            return (
                RouteDefinition(name: name, pattern: "shop://\(s)/files/{rest:path}"), "shop://\(s)/files/docs/ch1.pdf"
            )
        default:
            return (
                RouteDefinition(
                    name: name,
                    pattern: "shop://\(s)/q/{term}",
                    query: [try QueryParam("ref", "string?"), try QueryParam("page", "int=1")]
                ),
                "shop://\(s)/q/shoes?ref=home&page=3"
            )
        }
    }

    /// The first `count` routes.
    static func definitions(count: Int) throws -> [RouteDefinition] {
        try (0..<count).map { try route($0).definition }
    }

    /// Lookup URLs for the first `count` routes, with the index of the route each must select.
    static func lookups(count: Int) throws -> [(url: String, route: Int)] {
        try (0..<count).map { (try route($0).url, $0) }
    }
}

struct InputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
