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
}
