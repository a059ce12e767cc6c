import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// Param values written from a small string's words are the bytes the string itself writes: plain,
/// escaped, non-ASCII, at the 15-byte limit and past it.
@Suite struct SmallStringParamWritingTests {
    static let values = [
        "", "a", "caf\u{E9}", "quote\"d", "tab\there", "fifteen-bytes-x", "sixteen-bytes-xx",
        String(repeating: "caf\u{E9}-", count: 8),
    ]

    static func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test func valuesAreWrittenAsTheirStrings() {
        let params = EntryParams(
            ordered: Self.values.enumerated().map { .init(name: "p\($0.offset)", value: .string($0.element)) }
        )
        let expected = Self.text { writer in
            writer.beginObject()
            for (index, value) in Self.values.enumerated() {
                writer.key("p\(index)")
                writer.string(value)
            }
            writer.endObject()
        }
        #expect(expected.contains(#""quote\"d""#))
        #expect(Self.text { $0.routeParams(params) } == expected)
        let single = Self.text { writer in
            for index in Self.values.indices { writer.paramValue(at: index, of: params) }
        }
        #expect(single == Self.text { writer in for value in Self.values { writer.string(value) } })
    }
}
