import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// A match's params written with its route's pre-rendered keys are the text written name by name:
/// with optional placeholders left out, past the 15 bytes of a small string, and for names the
/// route does not declare.
@Suite struct RouteTokensTests {
    static let longName = "placeholder_past_small"  // 22 bytes: stored apart, not in the words

    static func table() throws -> RouteTable {
        try RouteTable(
            [
                RouteDefinition(
                    name: "opt",
                    pattern: "/o[/{a:int}][/{\(longName)}]/end/{z}",
                    query: [try QueryParam("page", "int=1"), try QueryParam("q\u{E9}", "string?")]
                )
            ],
            schemes: ["shop"],
            hosts: ["shop.example.com"]
        )
    }

    static func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test(
        arguments: [
            "shop://o/1/x/end/y?page=2&q%C3%A9=caf%C3%A9", "shop://o/end/y", "shop://o/1/end/y",
            "shop://o/x/end/y?q%C3%A9=%22",
        ]
    )
    func aMatchIsWrittenAsNameByName(url: String) throws {
        let table = try Self.table()
        let match = try #require(try table.match(url))
        let tokens = RouteTokens(match.route)
        let params = EntryParams(match: match)
        #expect(params.count >= 3)
        // Every name of the match is found among the route's tokens, in order: none is written as
        // a miss would be (the same bytes).
        var next = 0
        for index in 0..<params.count {
            let found = tokens.key(of: params.name(at: index), from: next)
            #expect(found != nil, "\(params.name(at: index))")
            next = found?.next ?? next
        }
        let plain = Self.text { $0.routeParams(params) }
        #expect(Self.text { $0.routeParams(params, tokens) } == plain)
        #expect(plain.hasPrefix("{"))
    }

    /// Each declared name is found by its bits, in order; a name the route lacks, or one out of
    /// order, is not found (and is written as it is).
    @Test func namesAreFoundInOrder() throws {
        let table = try Self.table()
        let tokens = RouteTokens(try #require(table.routes.first))
        #expect(tokens.paramNames == ["a", Self.longName, "z", "page", "q\u{E9}"])
        var next = 0
        for name in tokens.paramNames {
            let found = try #require(tokens.key(of: name, from: next))
            #expect(found.next == next + 1)
            next = found.next
        }
        #expect(tokens.key(of: "z", from: 3) == nil)
        #expect(tokens.key(of: "other", from: 0) == nil)
        #expect(tokens.key(of: "z", from: 0)?.next == 3)
        // The head, after a value (with its comma) and first in an object (without).
        #expect(Int(bitPattern: tokens.row.base) % 64 == 0)
        let route = try #require(table.routes.first)
        for afterValue in [false, true] {
            func open(_ writer: inout JSONWriter) {
                writer.beginObject()
                if afterValue { writer.null() }
            }
            #expect(
                Self.text {
                    open(&$0)
                    $0.key(tokens.head)
                }
                    == Self.text {
                        open(&$0)
                        $0.key(.route)
                        $0.beginObject()
                        $0.field(.name, route.name)
                        $0.field(.pattern, route.pattern.text)
                        $0.key(.params)
                        $0.beginObject()
                    }
            )
        }
        let apart = EntryParams(ordered: [.init(name: "other", value: .int(1)), .init(name: "z", value: .null)])
        #expect(Self.text { $0.routeParams(apart, tokens) } == #"{"other":1,"z":null}"#)
    }
}
