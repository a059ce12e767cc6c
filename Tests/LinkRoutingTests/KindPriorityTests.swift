import LinkRouting
import Testing

/// SPEC §2.1: candidates are compared kind by kind from the left; `int`, `uint`, `float`, `bool`,
/// `uuid`, `date` and `enum` are one kind, so between them a later segment decides.
@Suite struct KindPriorityTests {
    static let cases: [(routes: [(String, String)], url: String, winner: String, params: [String])] = [
        ([("int", "/p/{id:int}/{tab}"), ("float", "/p/{x:float}/reviews")], "shop://p/5/reviews", "float", ["x=5"]),
        ([("int", "/p/{id:int}/reviews"), ("float", "/p/{x:float}/{tab}")], "shop://p/5/reviews", "int", ["id=5"]),
        ([("int", "/y/{v:int}/{w}"), ("uint", "/y/{v:uint}/z")], "shop://y/5/z", "uint", ["v=5"]),
        ([("min", "/a/{n:int:min(0)}/{s}"), ("plain", "/a/{m:int}/lit")], "shop://a/3/lit", "plain", ["m=3"]),
        ([("long", "/s/{a:string:min_length(2)}/{b}"), ("any", "/s/{c}/x")], "shop://s/ab/x", "any", ["c=\"ab\""]),
        ([("enum", "/e/{k:enum(1|2)}/{s}"), ("int", "/e/{n:int}/go")], "shop://e/1/go", "int", ["n=1"]),
        // Whole paths tie kind for kind: the narrower type decides, then the route order.
        ([("int", "/p/{id:int}"), ("float", "/p/{x:float}")], "shop://p/5", "int", ["id=5"]),
        ([("int", "/p/{id:int}"), ("float", "/p/{x:float}")], "shop://p/5.5", "float", ["x=5.5"]),
        ([("short", "/f/{a:path:max_length(3)}"), ("any", "/f/{b:path}")], "shop://f/ab", "short", ["a=\"ab\""]),
        ([("short", "/f/{a:path:max_length(3)}"), ("any", "/f/{b:path}")], "shop://f/abcd", "any", ["b=\"abcd\""]),
        // Three of a kind, the middle one best.
        (
            [("a", "/t/{x:int}/{y}/{z}"), ("b", "/t/{x:uint}/{y}/end"), ("c", "/t/{x:float}/{y}/{z}")],
            "shop://t/7/q/end", "b", ["x=7", "y=\"q\""]
        ),
    ]

    @Test(arguments: cases.indices)
    func sameKindLeavesTheDecisionToLaterSegments(_ index: Int) throws {
        let c = Self.cases[index]
        for routes in [c.routes, c.routes.reversed()] {
            let match = try makeTable(routes).match(c.url)
            #expect(match?.route.name == c.winner, "\(c.url) with \(routes.map(\.0))")
            #expect(match?.summary == c.params, "\(c.url) with \(routes.map(\.0))")
        }
    }
}
