import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// An entry's opening and id are written from its number as the opening key and `string` write
/// them, and an id of another spelling as given.
@Suite struct EntryIDRenderingTests {
    @Test(arguments: [0, 1, 9, 10, 99, 100, 12_345, 99_999_999_999_999, 100_000_000_000_000, (1 << 47) - 1])
    func anIDIsWrittenAsItsText(_ number: Int) {
        var fromNumber = JSONWriter()
        var fromText = JSONWriter()
        fromNumber.beginArray()
        fromText.beginArray()
        // First in the array, then after a comma.
        for _ in 0..<2 {
            fromNumber.openEntry(number: number)
            fromText.key(.openEntry)
            fromText.string("e\(number)")
            fromNumber.endObject()
            fromText.endObject()
        }
        fromNumber.endArray()
        fromText.endArray()
        let written = String(decoding: fromNumber.finish(), as: UTF8.self)
        #expect(written == String(decoding: fromText.finish(), as: UTF8.self))
        #expect(written == "[{\"id\":\"e\(number)\"},{\"id\":\"e\(number)\"}]")
    }

    /// Short ids are stored two words at a time: written over many growths of the writer's room,
    /// each keeps its own bytes and no more.
    @Test func shortIDsAreWrittenAcrossTheWritersGrowth() {
        var fromNumber = JSONWriter()
        var fromText = JSONWriter()
        fromNumber.beginArray()
        fromText.beginArray()
        for number in 0..<5_000 {
            fromNumber.openEntry(number: number % 101)
            fromText.key(.openEntry)
            fromText.string("e\(number % 101)")
            fromNumber.endObject()
            fromText.endObject()
        }
        fromNumber.endArray()
        fromText.endArray()
        #expect(fromNumber.finish() == fromText.finish())
    }

    @Test(arguments: ["e5", "v7", "e05", "e\u{301}5", "e140737488355328", "e-1", "q\"uote"])
    func anEntryIsWrittenWithItsID(_ id: String) throws {
        let rendering = NavigationRendering(try ScreenGraph([Screen(name: "home")]))
        var writer = JSONWriter()
        writer.entry(StackEntry(id: id, screen: "home", params: [:], presentation: .root), rendering)
        var expected = JSONWriter()
        expected.string(id)
        let quoted = String(decoding: expected.finish(), as: UTF8.self)
        #expect(
            String(decoding: writer.finish(), as: UTF8.self)
                == #"{"id":"# + quoted + #","screen":"home","params":{},"presentation":"root"}"#
        )
    }
}
