import LinkRouting
import Testing

@testable import LinkRouter

/// A small ASCII string written from its two words is the text `string` writes for it, byte for
/// byte; any other string (escaped, not ASCII, empty, large) is left to `string`.
@Suite struct SmallStringWritingTests {
    static let plain = ["a", "s0", "s999", "e42", "abcdefg", "abcdefgh", "abcdefghi", "fifteen-bytes-x"]
    static let escaped = [
        "\"", "a\"", "back\\slash", "tab\there", "abcdefgh\u{7F}", "abcdefghijklmn\n", "\u{1}", "abcdefg\"",
    ]
    static let others = ["", "é", "naïve", "日本", "sixteen-bytes-xx", "a string well past fifteen bytes"]

    /// What `write` writes with no comma due, and after a value (a comma due).
    static func written(_ write: (inout JSONWriter) -> Void) -> [[UInt8]] {
        [false, true].map { comma in
            var writer = JSONWriter(capacity: 16)
            writer.needsComma = comma
            write(&writer)
            return writer.finish()
        }
    }

    @Test(arguments: plain + escaped + others)
    func writtenAsStringWritesIt(_ value: String) {
        let fromWords = Self.written { writer in writer.smallString(value) }
        let fromText = Self.written { writer in writer.string(value) }
        #expect(fromWords == fromText)
    }

    @Test(arguments: plain)
    func plainSmallStringsAreWrittenFromTheirWords(_ value: String) throws {
        let words = try #require(SmallStringLayout.words(of: value))
        var writer = JSONWriter()
        let written = writer.smallASCII(words)
        #expect(written)
        #expect(writer.finish() == Array("\"\(value)\"".utf8))
    }

    @Test(arguments: escaped + others)
    func otherStringsAreLeftToString(_ value: String) throws {
        // A string stored apart has no small form at all: only one of more than 15 bytes may.
        guard let words = SmallStringLayout.words(of: value) else {
            #expect(value.utf8.count > SmallStringLayout.capacity, "\(value)")
            return
        }
        var writer = JSONWriter()
        let written = writer.smallASCII(words)
        #expect(!written)
        #expect(writer.finish().isEmpty)
    }

    /// Each keeps its own bytes and no more, over many growths of the writer's room.
    @Test func writtenAcrossTheWritersGrowth() {
        var fromWords = JSONWriter(capacity: 16)
        var fromText = JSONWriter(capacity: 16)
        fromWords.beginArray()
        fromText.beginArray()
        for index in 0..<2_000 {
            let value = Self.plain[index % Self.plain.count]
            fromWords.smallString(value)
            fromText.string(value)
        }
        fromWords.endArray()
        fromText.endArray()
        #expect(fromWords.finish() == fromText.finish())
    }
}
