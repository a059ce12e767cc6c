import LinkRouting
import Testing

@testable import LinkNavigation

/// Names told by their words as stored: copies of the given names and equal small strings are
/// theirs, in order and no more; a long name built apart is not (the byte comparison decides it).
@Suite struct EntryParamsNameWordsTests {
    static func words(_ names: [String]) -> [(UInt64, UInt64)] {
        names.map { unsafeBitCast($0, to: (UInt64, UInt64).self) }
    }

    static func has(_ params: EntryParams, _ names: [String]) -> Bool {
        // `names` alive for the call: the words of its strings are compared while they are.
        withExtendedLifetime(names) { Self.words(names).withUnsafeBufferPointer { params.hasNameWords($0) } }
    }

    @Test func copiesInOrderAreFound() {
        let long = String(repeating: "caf\u{E9}-", count: 8)
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)
        let params = EntryParams(ordered: [.init(name: "a", value: .int(1)), .init(name: long, value: .null)])
        #expect(Self.has(params, ["a", long]))
        #expect(Self.has(params, [String("ax".dropLast()), long]))  // an equal small string
        #expect(!Self.has(params, [long, "a"]))
        #expect(!Self.has(params, ["a"]))
        #expect(!Self.has(params, ["a", long, "b"]))
        #expect(!Self.has(params, ["b", long]))
        // Spelled alike but stored apart: not told here, though the bytes are the same.
        #expect(!Self.has(params, ["a", rebuilt]) && params.hasNames(exactly: ["a", rebuilt]))
        #expect(Self.has(EntryParams(), []))
        #expect(!Self.has(EntryParams(), ["a"]))
    }

    /// A small string value's words hold its UTF-8 and its count; any other value, and a string
    /// stored apart, give none.
    @Test(arguments: ["", "a", "caf\u{E9}", "quote\"d", "fifteen-bytes-x"])
    func smallStringValuesGiveTheirWords(text: String) throws {
        let params = EntryParams(ordered: [.init(name: "a", value: .string(text))])
        let words = try #require(params.smallStringWords(at: 0))
        let count = Int((words.1 >> 56) & 0xF)
        #expect(count == text.utf8.count)
        #expect(withUnsafeBytes(of: words) { Array($0.prefix(count)) } == Array(text.utf8))
    }

    @Test func otherValuesGiveNoWords() {
        let long = String(repeating: "caf\u{E9}-", count: 8)
        let values: [ParamValue] = [
            .string(String(repeating: "x", count: 16)), .string(long), .int(1), .uint(2), .float(0.5), .bool(true),
            .array([.string("a")]), .null,
        ]
        let params = EntryParams(ordered: values.enumerated().map { .init(name: "p\($0.offset)", value: $0.element) })
        for index in values.indices { #expect(params.smallStringWords(at: index) == nil, "\(values[index])") }
    }
}
