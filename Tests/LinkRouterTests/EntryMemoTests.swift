import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// The answer's memo knows entries by their bits: a copy of an entry is found, an equal entry
/// built apart is not, and an answer repeats its destination's text byte for byte.
@Suite struct EntryMemoTests {
    static let longID = String(repeating: "entry-", count: 4)  // past the 15 bytes of a small string

    static func doc(_ params: EntryParams, id: String = "e2", _ presentation: Presentation = .push) -> StackEntry {
        StackEntry(id: id, screen: "doc", params: params, presentation: presentation)
    }

    /// Writes `written` through one memo, then tells which of `looked` it finds.
    static func found(after written: [StackEntry], _ looked: [StackEntry]) throws -> [Bool] {
        let rendering = try EntryRenderingTests.rendering()
        var writer = JSONWriter()
        var found: [Bool] = []
        writer.withMemo { writer, memo in
            writer.stack(written, rendering, memo: &memo)
            for entry in looked {
                let seen = memo.written(entry)
                if let seen {
                    // Its params object lies within its text.
                    #expect(
                        seen.range.lowerBound < seen.params.lowerBound && seen.params.upperBound < seen.range.upperBound
                    )
                }
                found.append(seen != nil)
            }
        }
        return found
    }

    @Test func aCopyIsFoundAndAnEqualEntryBuiltApartIsNot() throws {
        let params = EntryParams(["z": .int(2), "a": .string("x")])
        let entry = Self.doc(params)
        let copy = entry
        let long = Self.doc(params, id: Self.longID)
        #expect(
            try Self.found(
                after: [entry, long],
                [
                    copy, long,
                    // Equal, but other params storage: written anew, not found.
                    Self.doc(EntryParams(["z": .int(2), "a": .string("x")])),
                    // The same params storage, another presentation or id.
                    Self.doc(params, .modal), Self.doc(params, id: "e3"),
                    // The same id text in other string storage: an entry keeps one code per
                    // spelling, so this is the same entry's bits.
                    Self.doc(params, id: String(repeating: "entry-", count: 4)),
                ]
            ) == [true, true, false, false, false, true]
        )
    }

    /// A memo miss writes the entry out, a hit copies its text: both are the text the entry has
    /// alone, params needing escapes and non-ASCII ones included.
    @Test func hitsAndMissesWriteTheSameText() throws {
        let rendering = try EntryRenderingTests.rendering()
        let escaped = Self.doc(EntryParams(["a": .string("q\"b\\n\nc\u{2028}é"), "z": .int(-1)]))
        let apart = Self.doc(EntryParams(["a": .string("q\"b\\n\nc\u{2028}é"), "z": .int(-1)]))
        var writer = JSONWriter()
        writer.withMemo { writer, memo in
            writer.stack([escaped, apart, escaped], rendering, memo: &memo)
        }
        var single = JSONWriter()
        single.entry(escaped, rendering)
        let alone = String(decoding: single.finish(), as: UTF8.self)
        #expect(alone == #"{"id":"e2","screen":"doc","params":{"z":-1,"a":"q\"b\\n\nc\u2028é"},"presentation":"push"}"#)
        #expect(
            String(decoding: writer.finish(), as: UTF8.self) == "[" + [alone, alone, alone].joined(separator: ",") + "]"
        )
    }

    /// A stack written into a new memo without asking it is written as through the memo, and
    /// each of its entries is then found (and an entry given twice is written twice, alike).
    @Test func aStackWrittenNewToTheMemoIsRecorded() throws {
        let rendering = try EntryRenderingTests.rendering()
        let first = Self.doc(EntryParams(["a": .string("x\"y")]), id: "e1", .root)
        let second = Self.doc(EntryParams(["z": .int(3)]), id: Self.longID)
        let stack = [first, second, first]
        var asked = JSONWriter()
        asked.withMemo { writer, memo in
            writer.stack(stack, rendering, memo: &memo)
        }
        var new = JSONWriter()
        var found: [Bool] = []
        new.withMemo { writer, memo in
            writer.beginArray()
            writer.stackEntries(stack, rendering, newTo: &memo)
            writer.endArray()
            found = [first, second, Self.doc(EntryParams(), id: "e9")].map { memo.written($0) != nil }
        }
        #expect(new.finish() == asked.finish())
        #expect(found == [true, true, false])
    }

    /// The destination is in the stack, in its `push` and in the mediation, its params in the
    /// payload: each time the same text, escapes and non-ASCII included.
    @Test func theDestinationIsWrittenAlikeEverywhere() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let reply = client.navigate(id, "shop://search?q=%22caf%C3%A9%5C%E2%80%A8")
        reply.expectJSON(200)
        let session = try #require(client.engine.store.session(id))
        let destination = try #require(session.stack.last)
        var single = JSONWriter()
        single.entry(destination, client.engine.config.rendering)
        let alone = String(decoding: single.finish(), as: UTF8.self)
        #expect(alone.contains(#""q":"\"café\\\u2028""#))
        #expect(Self.occurrences(of: alone, in: reply.text) == 3)
        #expect(reply.text.contains(#","presentation":"push","payload":{"search":{"q":"\"café\\\u2028""#))
        let json = reply.json
        let last = try #require(json["stack"]?.arrayValue?.last)
        #expect(json["mediation"]?["destination"] == last)
        #expect(json["mediation"]?["payload"]?["search"] == last["params"])
    }

    /// How many times `part` occurs in `text`, not overlapping.
    static func occurrences(of part: String, in text: String) -> Int {
        let part = Array(part.utf8)
        let text = Array(text.utf8)
        var count = 0
        var index = 0
        while index + part.count <= text.count {
            if text[index..<index + part.count].elementsEqual(part) {
                count += 1
                index += part.count
            } else {
                index += 1
            }
        }
        return count
    }
}

extension EntryMemo {
    /// What was written for `entry`, if the memo has it (by its bits).
    func written(_ entry: StackEntry) -> Written? {
        Identity(entry).flatMap { written($0) }
    }
}
