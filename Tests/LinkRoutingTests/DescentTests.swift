import Testing

@testable import LinkRouting

/// The matcher first follows the trie search's first choices in a loop and runs the depth-first
/// search only when that cannot decide (ties within a kind, rest-of-path edges, dead ends after a
/// choice). Both must return the same match for every URL, on tables full of ties and dead ends.
@Suite struct DescentTests {
    static let tables: [(name: String, routes: [(String, String)])] = [
        (
            "ties",
            [
                ("p_new", "/p/new"), ("p_int", "/p/{id:int}"), ("p_uint", "/p/{n:uint}"), ("p_float", "/p/{f:float}"),
                ("p_enum", "/p/{k:enum(1|new|x)}"), ("p_slug", "/p/{s:slug}"), ("p_str", "/p/{any}"),
                ("p_int_x", "/p/{id:int}/x"), ("p_float_x", "/p/{f:float}/x/{y}"), ("p_uint_y", "/p/{n:uint}/{y:int}"),
                ("p_rest", "/p/{id:int}/{rest:path}"), ("p_rest2", "/p/{s:slug}/{rest:path:max_length(3)}"),
                ("opt", "/o[/{a:int}][/{b}]/end"), ("opt2", "/o/{a:uint}/end"), ("web", "https://shop.example.com/p/x"),
                ("q", "/p/x?mode=a"), ("q2", "/p/{s:slug}?mode"), ("bool", "/b/{v:bool}/{w:bool}"),
                ("bool_str", "/b/{v}/{w:int}"),
                // Within a kind, the type order decides only when whole paths tie: `1` takes the
                // `int` edge first, but `/t/1/x` belongs to the `float` route's literal.
                ("t_int", "/t/{a:int}/{y}"), ("t_float", "/t/{f:float}/x"),
            ]
        ),
        (
            "dead ends",
            [
                ("abc", "/a/b/c"), ("axd", "/a/{x}/d"), ("ab", "/a/b"), ("aint", "/a/{n:int}/c/e"),
                ("a_slug", "/a/{s:slug}/c/f"), ("deep", "/a/b/c/d/e"), ("deep_x", "/a/b/{x}/d/f"),
                ("root", "/"), ("top", "/{t}"), ("x_opt", "/x[/{y}]"), ("x_lit", "/x/y/z"),
            ]
        ),
    ]

    static let pool = [
        "p", "new", "1", "-3", "1.5", "x", "y", "a-b", "%41", "o", "end", "true", "b", "a", "c", "d", "e", "f",
        "z", "AB", "9223372036854775808", "t",
    ]

    @Test(arguments: tables.map(\.name))
    func theLoopAndTheSearchAgree(_ name: String) throws {
        let routes = try #require(Self.tables.first { $0.name == name }).routes
        let table = try makeTable(routes)
        var urls: [String] = []
        for a in Self.pool {
            urls.append("/\(a)")
            for b in Self.pool {
                urls.append("/\(a)/\(b)")
                for c in Self.pool.prefix(12) { urls.append("/\(a)/\(b)/\(c)") }
            }
        }
        urls += ["/", "/a/b/c/d/e", "/a/b/c/d/f", "/a/b/x/d/f", "/a/7/c/e", "/a/q/c/f", "/o/1/x/end", "/o/1/end"]
        var compared = 0
        for path in urls {
            for url in ["shop:/\(path)", "https://shop.example.com\(path)", "shop:/\(path)?mode=a"] {
                let fast = Result { () throws(MalformedURLError) in try table.match(url, exhaustive: false) }
                let full = Result { () throws(MalformedURLError) in try table.match(url, exhaustive: true) }
                switch (fast, full) {
                case (.success(let a), .success(let b)):
                    #expect(a?.route.name == b?.route.name, "\(url)")
                    #expect(a?.summary == b?.summary, "\(url)")
                    if a != nil { compared += 1 }
                case (.failure(let a), .failure(let b)): #expect(a == b, "\(url)")
                default: Issue.record("\(url): \(fast) vs \(full)")
                }
            }
        }
        #expect(compared > 100)
    }
}
