import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// Entries are written with their params in the screen's declaration order, then undeclared ones
/// by name, whatever order the entry holds them in, with and without the pre-rendered tokens.
@Suite struct EntryRenderingTests {
    /// `home`, and `doc` below it, whose params are declared out of name order.
    static func screens() throws -> [Screen] {
        [
            Screen(name: "home"),
            Screen(
                name: "doc",
                params: [try ScreenParam("z", "int"), try ScreenParam("a", "string?"), try ScreenParam("m", "bool?")],
                parent: "home"
            ),
        ]
    }

    static func rendering() throws -> NavigationRendering {
        NavigationRendering(try ScreenGraph(try screens()))
    }

    static func render(_ entry: StackEntry) throws -> String {
        var writer = JSONWriter()
        writer.entry(entry, try rendering())
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test(
        arguments: [
            // Held sorted by name (a dictionary's form): written in declaration order.
            (["a": .string("x"), "z": .int(2)], #"{"z":2,"a":"x"}"#),
            (["m": .bool(true), "z": .int(2)], #"{"z":2,"m":true}"#),
            (["a": .string("x"), "m": .bool(false), "z": .int(2)], #"{"z":2,"a":"x","m":false}"#),
            // Undeclared params come last, by name.
            (["b": .int(1), "z": .int(2), "_": .int(0)], #"{"z":2,"_":0,"b":1}"#),
            ([:], "{}"),
        ] as [([String: ParamValue], String)]
    )
    func paramsComeOutInDeclarationOrder(params: [String: ParamValue], expected: String) throws {
        let entry = StackEntry(id: "e2", screen: "doc", params: EntryParams(params), presentation: .push)
        #expect(
            try Self.render(entry)
                == #"{"id":"e2","screen":"doc","params":"# + expected + #","presentation":"push"}"#
        )
    }

    /// Held exactly in declaration order (as the resolver stores them) or in any other order of
    /// the same count: the same text.
    @Test(
        arguments: [
            ([("z", ParamValue.int(2)), ("a", .string("x")), ("m", .bool(true))], #"{"z":2,"a":"x","m":true}"#),
            ([("a", .string("x")), ("z", .int(2)), ("m", .bool(true))], #"{"z":2,"a":"x","m":true}"#),
            ([("z", .int(2)), ("m", .bool(true)), ("a", .string("x"))], #"{"z":2,"a":"x","m":true}"#),
            ([("z", .int(2)), ("a", .string("x")), ("q", .bool(true))], #"{"z":2,"a":"x","q":true}"#),
        ] as [([(String, ParamValue)], String)]
    )
    func storedOrderDoesNotChangeTheText(params: [(String, ParamValue)], expected: String) throws {
        let ordered = EntryParams(ordered: params.map { EntryParams.Param(name: $0.0, value: $0.1) })
        let entry = StackEntry(id: "e2", screen: "doc", params: ordered, presentation: .push)
        #expect(
            try Self.render(entry)
                == #"{"id":"e2","screen":"doc","params":"# + expected + #","presentation":"push"}"#
        )
    }

    /// A screen the table does not have (a stack given to resolve) is written from the entry alone.
    @Test func anUnknownScreenIsWrittenToo() throws {
        let entry = StackEntry(
            id: "e1",
            screen: "gone\"quote",
            params: EntryParams(["b": .int(1), "a": .int(2)]),
            presentation: .modal
        )
        #expect(
            try Self.render(entry)
                == #"{"id":"e1","screen":"gone\"quote","params":{"a":2,"b":1},"presentation":"modal"}"#
        )
    }

    /// A stack longer than the memo's stack room: every entry is written, and written again, from
    /// the memo or (past its room) anew, as the same bytes, whichever was written first.
    @Test(arguments: [1, 8, 9, 20])
    func theMemoRepeatsEntriesPastItsRoom(count: Int) throws {
        let rendering = try Self.rendering()
        let entries = (0..<count).map { n in
            let params: EntryParams = n == 0 ? [:] : EntryParams(["z": .int(Int64(n)), "a": .string("x\(n)")])
            let presentation: Presentation = n == 0 ? .root : .push
            return StackEntry(id: "e\(n)", screen: n == 0 ? "home" : "doc", params: params, presentation: presentation)
        }
        var writer = JSONWriter()
        writer.withMemo { writer, memo in
            writer.beginArray()
            writer.stack(entries, rendering, memo: &memo)
            // Every entry the room holds is remembered, with its params; none past it.
            for (index, entry) in entries.enumerated() {
                let inRoom = index < EntryMemo.roomCount
                #expect((memo.written(entry) != nil) == inRoom, "\(entry.id)")
                if let seen = memo.written(entry) {
                    // Its params object lies within its text.
                    #expect(
                        seen.range.lowerBound < seen.params.lowerBound
                            && seen.params.upperBound < seen.range.upperBound,
                        "\(entry.id)"
                    )
                }
            }
            #expect(memo.written(entries[0].with(params: ["z": .int(0)])) == nil)
            // Again, last first: each one now comes from the memo.
            writer.stack(entries.reversed(), rendering, memo: &memo)
            writer.endArray()
        }
        let alone = entries.map { entry -> String in
            var single = JSONWriter()
            single.entry(entry, rendering)
            return String(decoding: single.finish(), as: UTF8.self)
        }
        let expected = "[[" + alone.joined(separator: ",") + "],[" + alone.reversed().joined(separator: ",") + "]]"
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
    }
}
