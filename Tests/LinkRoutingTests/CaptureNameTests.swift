import LinkRouting
import Testing

/// A match names its captures from the table's distinct names, by ids a terminal keeps inline for
/// up to four captures and 255 distinct names; past either, from the names kept per terminal.
@Suite struct CaptureNameTests {
    @Test(arguments: [3, 300])
    func capturesAreNamedWhateverTheNumberOfDistinctNames(routes count: Int) throws {
        // Each route's own two names, and one all share: 2 * count + 1 distinct names.
        let routes = (0..<count).map { ("r\($0)", "/r\($0)/{a\($0)}/{shared}/{b\($0)}") }
        let table = try makeTable(routes)
        for i in [0, count / 2, count - 1] {
            let match = try #require(try table.match("shop://r\(i)/x/y/z"))
            #expect(match.params.map(\.name) == ["a\(i)", "shared", "b\(i)"])
            var names: [String] = []
            match.forEachParam { name, _, _ in names.append(name) }
            #expect(names == ["a\(i)", "shared", "b\(i)"])
            #expect(match["shared"] == .string("y"))
        }
    }

    /// The names a match hands over are its route's own strings, bit for bit, also when routes
    /// share a name too long for a string's own words: the renderer finds a route's keys by those
    /// bits, and a shared copy of a long name would be another object.
    @Test(arguments: ["id", "a_capture_name_of_29_bytes_xy"])
    func namesHandedAreTheRoutesOwn(shared name: String) throws {
        let table = try makeTable([("first", "/a/{\(name)}/{x}"), ("second", "/b/{\(name)}/{x}")])
        for (route, link) in [("first", "shop://a/1/2"), ("second", "shop://b/1/2")] {
            let match = try #require(try table.match(link))
            #expect(match.route.name == route)
            var handed: [String] = []
            match.forEachParam { name, _, _ in handed.append(name) }
            #expect(handed == [name, "x"])
            let own = match.route.pathParamNames
            #expect(handed.count == own.count)
            for (mine, theirs) in zip(handed, own) {
                #expect(
                    unsafeBitCast(mine, to: (UInt64, UInt64).self) == unsafeBitCast(theirs, to: (UInt64, UInt64).self)
                )
            }
        }
    }

    @Test func fiveCapturesAreNamedInOrder() throws {
        let table = try makeTable([("five", "/f/{a}/{b}/{c}/{d}/{e}"), ("four", "/g/{e}/{d}/{c}/{b}")])
        let five = try #require(try table.match("shop://f/1/2/3/4/5"))
        #expect(five.params.map(\.name) == ["a", "b", "c", "d", "e"])
        let four = try #require(try table.match("shop://g/1/2/3/4"))
        #expect(four.params.map(\.name) == ["e", "d", "c", "b"])
        #expect(four.params.map(\.value) == [.string("1"), .string("2"), .string("3"), .string("4")])
    }
}
