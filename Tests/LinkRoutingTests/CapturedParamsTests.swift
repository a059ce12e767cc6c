import LinkRouting
import Testing

/// Path params are kept as byte ranges of the URL and built when read: what is built must be
/// what the match decoded, whatever the capture's shape.
@Suite struct CapturedParamsTests {
    @Test func escapedCapturesAreDecodedOnceWhenRead() throws {
        let table = try makeTable([("s", "/s/{a}/{b:slug}/{n:int}")])
        let match = try #require(try table.match("shop://s/a%2Fb%25c/x-y/%34%32"))
        #expect(match.summary == ["a=\"a/b%c\"", "b=\"x-y\"", "n=42"])
        #expect(match["a"] == .string("a/b%c"))
        #expect(match["n"] == .int(42))
        #expect(match["missing"] == nil)
        #expect(match.paramCount == 3)
    }

    @Test func hostSlotCapturesAreLowercased() throws {
        let table = try makeTable([("h", "/{section}/{rest:path}")])
        let match = try #require(try table.match("shop://Sh%4FP/A/b%20c/D"))
        #expect(match.summary == ["section=\"shop\"", "rest=\"A/b c/D\""])
        let web = try #require(try table.match("https://shop.example.com/Sh%4FP/A/x"))
        #expect(web.summary == ["section=\"ShOP\"", "rest=\"A/x\""])
    }

    @Test func restOfPathStartingInTheHostSlotLowercasesOnlyThatSegment() throws {
        let table = try makeTable([("r", "/{all:path}")])
        let match = try #require(try table.match("shop:/AB/Cd/%45f/"))
        #expect(match.summary == ["all=\"ab/Cd/Ef\""])
    }

    @Test func moreCapturesThanFitInlineKeepTheirOrder() throws {
        let table = try makeTable([("many", "/m/{a}/{b:int}/{c}/{d:uint}/{e}/{f:float}/{g:bool}")])
        let match = try #require(try table.match("shop://m/x/-1/%7A/2/e%20e/1.5/true"))
        #expect(
            match.summary == ["a=\"x\"", "b=-1", "c=\"z\"", "d=2", "e=\"e e\"", "f=1.5", "g=true"]
        )
        #expect(match.paramCount == 7)
        #expect(match["e"] == .string("e e"))
        #expect(match["g"] == .bool(true))
    }

    @Test func pathParamsComeBeforeQueryParamsAndShadowQueryKeys() throws {
        let table = try makeTable(
            [("q", "/q/{id:int}")],
            query: ["q": [try QueryParam("page", "int=1")]]
        )
        let match = try #require(try table.match("shop://q/7?id=9&page=x"))
        #expect(match.summary == ["id=7", "page=1"])
        #expect(match["id"] == .int(7))
        #expect(match["page"] == .int(1))
        #expect(match.paramCount == 2)
        #expect(match.warnings.map(\.code) == [.invalidQueryValue, .shadowedQueryParam])
    }

    @Test func typedValuesKeepTheirCanonicalForm() throws {
        let table = try makeTable([("u", "/u/{u:uuid}/{d:date}/{k:enum(new|hot)}")])
        let match = try #require(try table.match("shop://u/123E4567-E89B-12D3-A456-426614174000/2024-02-29/hot"))
        #expect(
            match.summary == ["u=\"123e4567-e89b-12d3-a456-426614174000\"", "d=\"2024-02-29\"", "k=\"hot\""]
        )
    }

    @Test func aMatchOutlivesItsURLAndTable() throws {
        var match: RouteMatch?
        do {
            let table = try makeTable([("p", "/p/{name}")])
            let url = "shop://p/" + String(repeating: "na%C3%AFve-", count: 40)
            match = try table.match(url)
        }
        let value = try #require(match?["name"])
        #expect(value == .string(String(repeating: "naïve-", count: 40)))
    }
}
