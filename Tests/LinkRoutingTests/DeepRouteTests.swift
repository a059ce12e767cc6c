import Testing

@testable import LinkRouting

/// Scratch space has a fixed size for URLs under 256 bytes, 16 captures and 32 levels, and is
/// sized to the URL and the table beyond: long URLs and deep routes must match the same.
@Suite struct DeepRouteTests {
    static let names = (1...20).map { "p\($0)" }

    static func table() throws -> RouteTable {
        try makeTable([
            ("deep", "/d/" + names.map { "{\($0):int}" }.joined(separator: "/")),
            ("long", "/l/" + Array(repeating: "x", count: 40).joined(separator: "/") + "/{end}"),
            ("shallow", "/d/{a}"),
        ])
    }

    @Test func twentyCapturesAndFortyLevelsMatch() throws {
        let table = try Self.table()
        let deep = "shop://d/" + (1...20).map(String.init).joined(separator: "/")
        for exhaustive in [false, true] {
            let match = try #require(try table.match(deep, exhaustive: exhaustive))
            #expect(match.route.name == "deep")
            #expect(match.params.map(\.name) == Self.names)
            #expect(match["p20"] == .int(20))
            let long = "shop://l/" + Array(repeating: "x", count: 40).joined(separator: "/") + "/z"
            #expect(try table.match(long, exhaustive: exhaustive)?["end"] == .string("z"))
            #expect(try table.match("shop://d/7", exhaustive: exhaustive)?.route.name == "shallow")
            #expect(try table.match(deep + "/21", exhaustive: exhaustive) == nil)
        }
    }

    @Test(arguments: [10, 100, 300])
    func escapesDecodeWhateverTheURLLength(_ repeats: Int) throws {
        let table = try Self.table()
        let segment = String(repeating: "a%41%C3%A9", count: repeats)
        let match = try #require(try table.match("shop://d/\(segment)?q=%42"))
        #expect(match["a"] == .string(String(repeating: "aAé", count: repeats)))
    }
}
