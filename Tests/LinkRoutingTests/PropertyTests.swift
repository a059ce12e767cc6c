import LinkRouting
import PropertyBased
import Testing

/// A route table with overlapping shapes, so that priority decides many URLs.
private let propertyRoutes: [(String, String)] = [
    ("root", "/"),
    ("p_new", "/p/new"),
    ("p_int", "/p/{id:int}"),
    ("p_uuid", "/p/{u:uuid}"),
    ("p_slug", "/p/{s:slug}"),
    ("p_str", "/p/{any}"),
    ("p_edit", "/p/{id:int}/edit"),
    ("p_rev", "/p/{id:int}/reviews[/{page:int:min(1)}]"),
    ("p_rest", "/p/{id:int}/{rest:path}"),
    ("e", "/e/{k:enum(a|b|c)}[/{d:date}]"),
    ("e_any", "/e/{x}/{y}"),
    ("q", "/q?mode=x"),
    ("q_plain", "/q"),
    ("f", "/f/{v:float}/{b:bool}"),
    ("u", "/u/{n:uint}"),
    ("p_float", "/p/{f:float}/x"),
    ("p_uint", "/p/{n:uint}/reviews/new"),
    ("p_enum", "/p/{k:enum(42|new)}/{rest:path}"),
]

private let segmentPool = [
    "p", "new", "42", "-3", "007", "edit", "reviews", "0", "9223372036854775808", "e", "a", "c", "2024-02-29",
    "2023-02-29", "q", "f", "1.5", "true", "u", "x%20y", "a-b", "123e4567-e89b-12d3-a456-426614174000", "%C3%A9",
    "a+b", "%2F", "x", "1.5",
]

@Suite struct PropertyTests {
    @Test func shuffledDeclarationOrderGivesIdenticalMatches() async throws {
        let reference = try makeTable(propertyRoutes)
        let urlGen = Gen.int(in: 0...(segmentPool.count - 1)).array(of: 0...4)
        await propertyCheck(input: urlGen, Gen.int(in: 0...1_000_000)) { picks, seed in
            var generator = SplitMix(seed: UInt64(seed))
            let shuffled = propertyRoutes.shuffled(using: &generator)
            guard let table = try? makeTable(shuffled) else {
                Issue.record("table failed to build")
                return
            }
            var url = "shop://" + picks.map { segmentPool[$0] }.joined(separator: "/")
            if seed % 3 == 0 { url += "?mode=x" }
            let expected = try? reference.match(url)
            let actual = try? table.match(url)
            #expect(expected?.route.name == actual?.route.name, "\(url)")
            #expect(expected?.summary == actual?.summary, "\(url)")
        }
    }

    @Test func reverseRoutingRoundTripsGeneratedParams() async throws {
        let table = try makeTable(
            [
                ("product", "/product/{id:int}"),
                ("text", "/t/{s}/x"),
                ("cat", "/cat/{k:enum(new|hot|top)}[/{page:uint}]"),
                ("num", "/n/{v:float}/{b:bool}"),
                ("rest", "/files/{rest:path}"),
            ],
            query: ["text": [try QueryParam("q", "string?"), try QueryParam("tags", "[string]")]]
        )
        let text = Gen.character(in: " "..."~").string(of: 1...12)
        await propertyCheck(input: Gen.int(in: Int.min...Int.max), text, text, Gen.bool) { n, s1, s2, flag in
            let cases: [(String, [String: ParamValue])] = [
                ("product", ["id": .int(Int64(n))]),
                ("text", ["s": .string(s1), "q": .string(s2), "tags": .array([.string(s2), .string(s1)])]),
                ("cat", flag ? ["k": .string("hot"), "page": .uint(UInt64(n.magnitude))] : ["k": .string("new")]),
                ("num", ["v": .float(Double(n) / 7), "b": .bool(flag)]),
                ("rest", ["rest": .string(s1.split(separator: "/").joined(separator: "/"))]),
            ]
            for (name, params) in cases {
                // A dot segment (or an empty one) cannot travel in a URL: such values are refused.
                let dotted: Bool =
                    switch name {
                    case "rest":
                        s1.split(separator: "/").isEmpty
                            || s1.split(separator: "/").contains { $0 == "." || $0 == ".." }
                    case "text": s1 == "." || s1 == ".."
                    default: false
                    }
                if dotted {
                    #expect(throws: LinkError.self, "\(name) \(params)") { try table.url(for: name, params: params) }
                    continue
                }
                do {
                    let url = try table.url(for: name, params: params)
                    let match = try #require(try table.match(url), "\(url)")
                    #expect(match.route.name == name, "\(url)")
                    for (key, value) in params {
                        #expect(match[key] == value, "\(url): \(key)")
                    }
                } catch {
                    Issue.record("\(name) \(params): \(error)")
                }
            }
        }
    }
}
