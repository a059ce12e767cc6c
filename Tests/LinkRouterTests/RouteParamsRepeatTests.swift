import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// An entry handed the route's params as they are (their very storage) has its params object
/// copied from the route's text, and only where that text is what it would write itself: the
/// screen's declared order, under the declared names byte for byte.
@Suite struct RouteParamsRepeatTests {
    /// ``EntryRenderingTests``'s screens and `cafe`, whose param's name is not ASCII.
    static func rendering() throws -> NavigationRendering {
        let cafe = Screen(name: "cafe", params: [try ScreenParam("caf\u{E9}", "string")], parent: "home")
        return NavigationRendering(try ScreenGraph(try EntryRenderingTests.screens() + [cafe]))
    }

    static func params(_ pairs: [(String, ParamValue)]) -> EntryParams {
        EntryParams(ordered: pairs.map { EntryParams.Param(name: $0.0, value: $0.1) })
    }

    /// The route's params, then `entry` written knowing them, as one array's text; and the text
    /// of the entry alone.
    static func written(_ entry: StackEntry, after route: EntryParams) throws -> (both: String, alone: String) {
        let rendering = try rendering()
        var writer = JSONWriter()
        writer.beginArray()
        let start = writer.position
        writer.routeParams(route)
        let known = try #require(EntryMemo.RouteParams(route, at: start..<writer.position))
        var params = 0..<0
        var row: ScreenRow?
        writer.entry(entry, rendering, params: &params, row: &row, route: known)
        writer.endArray()
        var single = JSONWriter()
        single.entry(entry, rendering)
        return (String(decoding: writer.finish(), as: UTF8.self), String(decoding: single.finish(), as: UTF8.self))
    }

    static func routeText(_ route: EntryParams) -> String {
        var writer = JSONWriter()
        writer.routeParams(route)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test(
        arguments: [
            // Declared order, with escapes and non-ASCII: the route's text is the entry's.
            [("z", ParamValue.int(-3)), ("a", .string("q\"b\\n\nc\u{2028}\u{E9}")), ("m", .bool(true))],
            // Stored in another order: the entry writes the declared order, not the route's.
            [("a", .string("x")), ("z", .int(2)), ("m", .null)],
            // Fewer or other params than declared: written as the entry would.
            [("z", .int(2)), ("a", .string("x"))],
            [("z", .int(2)), ("a", .string("x")), ("q", .bool(false))],
            [],
        ] as [[(String, ParamValue)]]
    )
    func anEntryHoldingTheRouteParamsIsWrittenAsAlone(pairs: [(String, ParamValue)]) throws {
        let route = Self.params(pairs)
        let entry = StackEntry(id: "e2", screen: "doc", params: route, presentation: .push)
        let (both, alone) = try Self.written(entry, after: route)
        #expect(both == "[" + Self.routeText(route) + "," + alone + "]")
    }

    /// A stored name only canonically equal to its declaration is written as declared, so the
    /// route's text (which has the stored name) is not the entry's.
    @Test func aNameOnlyCanonicallyEqualIsWrittenAsDeclared() throws {
        let route = Self.params([("cafe\u{301}", .string("x"))])
        let entry = StackEntry(id: "e2", screen: "cafe", params: route, presentation: .push)
        let (both, alone) = try Self.written(entry, after: route)
        #expect(alone == #"{"id":"e2","screen":"cafe","params":{"caf\#u{E9}":"x"},"presentation":"push"}"#)
        #expect(both == "[" + #"{"cafe\#u{301}":"x"}"# + "," + alone + "]")
    }

    /// A screen the table does not have writes its params by name, whatever the route's order.
    @Test func anUnknownScreenWritesItsOwnOrder() throws {
        let route = Self.params([("z", .int(1)), ("a", .int(2))])
        let entry = StackEntry(id: "e9", screen: "gone", params: route, presentation: .modal)
        let (both, alone) = try Self.written(entry, after: route)
        #expect(alone == #"{"id":"e9","screen":"gone","params":{"a":2,"z":1},"presentation":"modal"}"#)
        #expect(both == "[" + #"{"z":1,"a":2}"# + "," + alone + "]")
    }

    /// Equal params in other storage, and an entry holding the route's storage: both written as
    /// the entry alone would be.
    @Test func equalParamsBuiltApartAreWrittenOut() throws {
        let pairs: [(String, ParamValue)] = [
            ("z", .int(7)), ("a", .string("long value past fifteen bytes")), ("m", .null),
        ]
        let route = Self.params(pairs)
        let apart = StackEntry(id: "e3", screen: "doc", params: Self.params(pairs), presentation: .push)
        let (both, alone) = try Self.written(apart, after: route)
        #expect(both == "[" + Self.routeText(route) + "," + alone + "]")
    }

    /// Through the endpoint: the destination's params object is the route's text again.
    @Test func theDestinationRepeatsTheRouteParams() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let reply = client.navigate(id, "shop://search?q=%22caf%C3%A9%5C%E2%80%A8")
        reply.expectJSON(200)
        let json = reply.json
        let route = try #require(json["route"]?["params"])
        let last = try #require(json["stack"]?.arrayValue?.last)
        #expect(last["params"] == route)
        let session = try #require(client.engine.store.session(id))
        let destination = try #require(session.stack.last)
        var single = JSONWriter()
        single.entry(destination, client.engine.config.rendering)
        #expect(EntryMemoTests.occurrences(of: String(decoding: single.finish(), as: UTF8.self), in: reply.text) == 3)
    }
}
