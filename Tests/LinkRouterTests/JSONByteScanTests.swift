import Testing

@testable import LinkRouter

/// The writer's word test says "plain" exactly when no byte of the words added needs escaping.
@Suite struct JSONByteScanTests {
    /// Whether a JSON string may carry `byte` as it is, by the writer's fast path: printable ASCII
    /// other than `"` and `\`.
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }

    /// Every byte value at every position of a plain word, alone and after a plain word.
    @Test func everyByteAtEveryPosition() {
        let plain = Array("a~ Z/0}!".utf8)
        for position in 0..<8 {
            for value in 0...255 {
                var bytes = plain
                bytes[position] = UInt8(value)
                var alone = JSONByteScan.WriterScan()
                alone.add(Self.word(bytes))
                var second = JSONByteScan.WriterScan()
                second.add(Self.word(plain))
                second.add(Self.word(bytes))
                let expected = Self.isPlain(UInt8(value))
                #expect(alone.isPlain == expected, "\(value) at \(position)")
                #expect(second.isPlain == expected, "\(value) at \(position)")
            }
        }
    }

    /// A byte that carries into its neighbour (0xFF plus one) does not hide a special one next to it.
    @Test func carriesHideNothing() {
        for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C, 0x7F] {
            for position in 0..<7 {
                var bytes = [UInt8](repeating: 0x61, count: 8)
                bytes[position] = 0xFF
                bytes[position + 1] = special
                var scan = JSONByteScan.WriterScan()
                scan.add(Self.word(bytes))
                #expect(!scan.isPlain)
            }
        }
        var empty = JSONByteScan.WriterScan()
        #expect(empty.isPlain)
        empty.add(Self.word(Array("        ".utf8)))
        #expect(empty.isPlain)
    }
}
