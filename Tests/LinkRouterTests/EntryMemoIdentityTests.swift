import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// An entry's bits read where it lies in its stack are the bits of the entry read out of it: the
/// memo finds a stack's entries from either, and reads nothing past the stack's ends.
@Suite struct EntryMemoIdentityTests {
    static func stack() -> [StackEntry] {
        let params = EntryParams(["id": .string(String(repeating: "long-value-", count: 3)), "n": .int(4)])
        return [
            EntryMemoTests.doc(EntryParams(), id: "e1", .root),
            EntryMemoTests.doc(params, id: "e2"),
            EntryMemoTests.doc(params, id: EntryMemoTests.longID, .modal),
        ]
    }

    @Test func anEntryReadInPlaceHasTheBitsOfItsCopy() {
        let entries = Self.stack()
        for index in entries.indices {
            let inPlace = EntryMemo.Identity(at: index, of: entries)
            #expect(inPlace != nil && inPlace == EntryMemo.Identity(entries[index]), "\(index)")
            // Another entry of the stack has other bits.
            let other = EntryMemo.Identity(entries[(index + 1) % entries.count])
            #expect(inPlace != other, "\(index)")
        }
    }

    @Test func noEntryIsReadPastTheStacksEnds() {
        let entries = Self.stack()
        #expect(EntryMemo.Identity(at: -1, of: entries) == nil)
        #expect(EntryMemo.Identity(at: entries.count, of: entries) == nil)
        #expect(EntryMemo.Identity(at: 0, of: []) == nil)
    }

    /// The transition's entries and the mediation's destination, found in the memo from their
    /// bits in the stack, repeat the stack's text of them.
    @Test func entriesFoundInPlaceRepeatTheirText() throws {
        let rendering = try EntryRenderingTests.rendering()
        let entries = Self.stack()
        var alone = JSONWriter()
        alone.entry(entries[2], rendering)
        let expected = String(decoding: alone.bytes, as: UTF8.self)
        var writer = JSONWriter()
        var found = 0
        writer.withMemo { writer, memo in
            writer.stack(entries, rendering, memo: &memo)
            writer.beginArray()
            if let seen = writer.entry(at: 2, of: entries, rendering, memo: &memo),
                seen.range.count == expected.utf8.count
            {
                found += 1
            }
            writer.endArray()
        }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(found == 1)
        #expect(text.hasSuffix("[" + expected + "]"))
        #expect(EntryMemoTests.occurrences(of: expected, in: text) == 2)
    }
}
