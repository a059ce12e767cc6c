import Testing

@testable import LinkRouting

/// A captured value's text is the general decoder's, byte for byte, on either side of the
/// small-string size and for bytes that are not UTF-8.
@Suite struct ByteTextTests {
    @Test(arguments: [
        [UInt8](),
        Array("42".utf8),
        Array("a1b2c3".utf8),
        Array("fifteen-bytes!!".utf8),
        Array("sixteen-bytes!!!".utf8),
        Array("caf\u{E9}".utf8),
        Array("\u{1F600}\u{1F600}\u{1F600}\u{1F600}".utf8),
        [0x61, 0xFF, 0x62],
        [0xE2, 0x82],
        Array(repeating: 0x80, count: 15),
    ])
    func textIsTheDecodersText(_ bytes: [UInt8]) {
        let text = bytes.withUnsafeBufferPointer { ByteParsing.text($0) }
        let decoded = String(decoding: bytes, as: UTF8.self)
        #expect(text == decoded)
        #expect(Array(text.utf8) == Array(decoded.utf8))
    }
}
