import Testing

@testable import LinkRouting

/// Scratch space for captures and path kinds has a fixed size up to 16 captures and 32 levels,
/// and is sized to the table beyond: deep routes must match the same either way.
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
}
