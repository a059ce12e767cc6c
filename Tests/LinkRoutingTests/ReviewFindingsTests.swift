import LinkRouting
import Testing

/// Behaviour pinned down by a review against SPEC §2.1.
@Suite struct ReviewFindingsTests {
    @Test func aValuedQueryLiteralBeatsAPresenceLiteralWhateverTheNames() throws {
        for names in [("any", "pvp"), ("zzz", "pvp"), ("pvp", "aaa")] {
            let table = try makeTable([(names.0, "/open?type"), (names.1, "/open?type=pvp")])
            #expect(try table.match("shop://open?type=pvp")?.route.name == names.1)
            #expect(try table.match("shop://open?type=pve")?.route.name == names.0)
            #expect(try table.url(for: names.1, params: [:]) == "shop://open?type=pvp")
        }
    }

    @Test func queryLiteralsOutrankAPinnedSource() throws {
        let table = try makeTable([("pinned", "shop://open/{x}"), ("literal", "/open/{x}?k=1")])
        #expect(try table.match("shop://open/q?k=1")?.route.name == "literal")
        #expect(try table.match("shop://open/q")?.route.name == "pinned")
    }

    @Test func customSchemeHostSlotInAPatternIsCaseInsensitive() throws {
        let table = try makeTable([("pin", "shop://Pin/{x}")])
        #expect(try table.match("shop://Pin/a")?.route.name == "pin")
        #expect(try table.match("shop://pin/a")?.route.name == "pin")
        #expect(try table.url(for: "pin", params: ["x": .string("a")]) == "shop://pin/a")
    }

    @Test func anUnpinnedCapitalisedFirstSegmentIsWarnedAbout() throws {
        let table = try makeTable([("upper", "/Upper/{x}")])
        #expect(table.warnings.map(\.code) == [.uppercaseHostSlot])
        #expect(try table.match("https://shop.example.com/Upper/a")?.route.name == "upper")
        #expect(try table.match("shop://Upper/a") == nil)
    }

    @Test func reverseRoutingComparesTypedValues() throws {
        let table = try makeTable([("host", "/{v}/x"), ("n", "/n/{i:int}/{f:float}"), ("u", "/u/{i:int}")])
        // The host slot is lowercased, so capitals in it cannot come back: an error, never a wrong link.
        let capitals = String(repeating: "A", count: 36)
        #expect(throws: LinkError.self) { try table.url(for: "host", params: ["v": .string(capitals)]) }
        #expect(try table.url(for: "n", params: ["i": .string("007"), "f": .string("1.50")]) == "shop://n/007/1.50")
        #expect(try table.url(for: "u", params: ["i": .uint(5)]) == "shop://u/5")
    }

    @Test func webPinnedRootTakesAnOptionalGroup() throws {
        let table = try makeTable([("root", "https://shop.example.com/[/{lang}]")])
        #expect(try table.match("https://shop.example.com/")?.summary == [])
        #expect(try table.match("https://shop.example.com/de")?.summary == ["lang=\"de\""])
    }

    static let duplicates: [[String]] = [
        ["/x[/{y}[/{z}]]", "/x[/{y}][/{z}]"],
        ["/x/{y}", "/x/{y:string:min_length(1)}"],
        ["/x/{p}", "/x/{q}", "/x/{r}"],
    ]

    @Test(arguments: duplicates)
    func sameURLSetsAreDuplicatesNeverMereOverlaps(_ patterns: [String]) throws {
        let routes = patterns.enumerated().map { ("r\($0.offset)", $0.element) }
        do {
            _ = try makeTable(routes)
            Issue.record("\(patterns) should be duplicates")
        } catch let error as RouteTableError {
            #expect(error.diagnostics.filter { $0.code == .duplicateRoute }.count == patterns.count - 1)
            #expect(!error.diagnostics.contains { $0.code == .overlappingRoutes })
        }
    }
}

@Suite struct WebSourceEdgeTests {
    @Test func aTrailingDotNamesTheSameHost() throws {
        let table = try makeTable([("p", "/p/{id:int}")])
        #expect(try table.match("https://shop.example.com./p/1")?.route.name == "p")
        #expect(try NormalizedURL("https://Shop.Example.com./p").host == "shop.example.com")
    }

    @Test func aPinnedPatternMayNameTheDefaultPort() throws {
        let table = try makeTable([
            ("legal", "https://shop.example.com:443/legal"), ("old", "http://shop.example.com:80/old"),
        ])
        #expect(try table.match("https://shop.example.com/legal")?.route.name == "legal")
        #expect(try table.match("http://shop.example.com/old")?.route.name == "old")
    }

    @Test func restOfPathMayEndWithOneSlash() throws {
        let table = try makeTable([("files", "/files/{rest:path}/")])
        #expect(try table.match("shop://files/a/b/")?.summary == ["rest=\"a/b\""])
        #expect(throws: RouteTableError.self) { try makeTable([("bad", "/files/{rest:path}//")]) }
    }

    @Test func aPercentOrSpaceInAHostIsNamedForWhatItIs() throws {
        for url in ["https://shop%2Eexample.com/", "https://shop example.com/"] {
            #expect(throws: MalformedURLError(component: .host, reason: .invalidHostCharacter, offset: 12)) {
                try NormalizedURL(url)
            }
        }
    }
}
