import LinkRouting
import Testing

/// `match` compares a web URL's authority with the table's plain hosts as written before it parses
/// it; `explain` always parses. Both must pick the same route, or throw the same error, whatever
/// surrounds the host.
@Suite struct KnownHostTests {
    static let hosts = ["shop.example.com", "a.b", "Mixed.Example.com", "localhost:8080", "dot.example.com."]

    static func table() throws -> RouteTable {
        var routes: [(String, String)] = [("any", "/p/{id:int}")]
        for (i, host) in hosts.enumerated() {
            let bare = host.lowercased()
            routes.append(("web\(i)", "https://\(bare)/p/{id:int}"))
            routes.append(("plain\(i)", "http://\(bare)/p/{id:int}"))
        }
        return try makeTable(routes, hosts: hosts)
    }

    static let authorities = [
        "shop.example.com", "SHOP.example.com", "shop.example.com:443", "shop.example.com:80",
        "shop.example.com.", "shop.example.co", "shop.example.comm", "xshop.example.com",
        "shop.example.com:", "shop.example.com:x", "shop.example.com@evil", "a.b", "a.bc", "a", "",
        "mixed.example.com", "Mixed.Example.com", "localhost:8080", "localhost", "dot.example.com.",
        "dot.example.com", "[::1]", "shop.example.com%41",
    ]

    static let tails = ["/p/1", "/p/x", "", "/", "?q=1", "#frag", "/p/1?x=2#y", "/p/%31"]

    @Test func knownHostsMatchAsTheAuthorityParserDoes() throws {
        let table = try Self.table()
        for scheme in ["https", "http", "HTTPS"] {
            for authority in Self.authorities {
                for tail in Self.tails {
                    let url = "\(scheme)://\(authority)\(tail)"
                    let matched = Result { () throws(MalformedURLError) in try table.match(url)?.route.name }
                    let explained = Result { () throws(MalformedURLError) in
                        try table.explain(url).first(where: \.matched)?.route
                    }
                    switch (matched, explained) {
                    case (.success(let a), .success(let b)): #expect(a == b, "\(url)")
                    case (.failure(let a), .failure(let b)):
                        #expect(a.reason == b.reason && a.offset == b.offset, "\(url)")
                    default: Issue.record("\(url): match \(matched), explain \(explained)")
                    }
                }
            }
        }
    }

    @Test func theExactHostStillPinsItsRoute() throws {
        let table = try Self.table()
        #expect(try table.match("https://shop.example.com/p/1")?.route.name == "web0")
        #expect(try table.match("http://shop.example.com/p/1")?.route.name == "plain0")
        #expect(try table.match("https://a.b/p/1")?.route.name == "web1")
        #expect(try table.match("https://mixed.example.com/p/1")?.route.name == "web2")
        #expect(try table.match("https://a.bc/p/1") == nil)
        #expect(try table.match("https://shop.example.com.evil/p/1") == nil)
    }
}
