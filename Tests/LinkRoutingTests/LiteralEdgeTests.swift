import LinkRouting
import Testing

/// Literal edges are found through a hash of (length, first eight bytes as a word), then compared
/// on those and the rest: every length around the word's size, with siblings differing in a
/// single byte anywhere (those past the eighth share a hash, so their probes collide).
@Suite struct LiteralEdgeTests {
    static let words: [String] = (1...19).flatMap { length -> [String] in
        let base = String("abcdefghijklmnopqrs".prefix(length))
        return (0..<length).map { i in
            var bytes = Array(base.utf8)
            bytes[i] = UInt8(ascii: "z")
            return String(decoding: bytes, as: UTF8.self)
        } + [base]
    }

    @Test func everyLiteralFindsItselfAndNoNeighbour() throws {
        let routes = Self.words.enumerated().map { ("r\($0.offset)", "/l/\($0.element)") }
        let table = try makeTable(routes)
        for (i, word) in Self.words.enumerated() {
            #expect(try table.match("shop://l/\(word)")?.route.name == "r\(i)", "\(word)")
            #expect(try table.match("shop://l/\(word)y") == nil || word.count == 0, "\(word)y")
            #expect(try table.match("shop://l/\(word.dropLast())x") == nil, "\(word.dropLast())x")
        }
    }
}
