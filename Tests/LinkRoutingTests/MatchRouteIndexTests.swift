import LinkRouting
import Testing

/// A match gives its route's index from the trie's terminal, and tells its table by the storage
/// of the table's routes: data made from one table's routes is read for that table's matches only.
@Suite struct MatchRouteIndexTests {
    @Test func routeIndexIsTheMatchedRoutesIndex() throws {
        let table = try makeTable([("a", "/a"), ("b", "/b/{id}"), ("c", "/c/{x}/{y}")])
        for (url, index) in [("shop://a", 0), ("shop://b/1", 1), ("shop://c/1/2", 2)] {
            let match = try #require(try table.match(url))
            #expect(match.routeIndex == index)
            #expect(match.route.index == index)
        }
    }

    @Test func aMatchIsOfItsOwnTablesRoutesOnly() throws {
        let routes = [("a", "/a"), ("b", "/b/{id}")]
        let table = try makeTable(routes)
        let twin = try makeTable(routes)
        let match = try #require(try table.match("shop://b/1"))
        #expect(match.isMatch(of: table.routes))
        // The same definitions compiled again, and the same routes in other storage, are not the table's.
        #expect(!match.isMatch(of: twin.routes))
        #expect(!match.isMatch(of: table.routes.map { $0 }))
        #expect(!match.isMatch(of: Array(table.routes.prefix(1))))
    }
}
