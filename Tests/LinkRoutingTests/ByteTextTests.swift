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

    /// Every length up to the small-string size, each byte distinct: the copy's overlapping
    /// words put each byte in its place.
    @Test func everyShortLengthIsCopiedExactly() {
        let source = Array("abcdefghijklmnop".utf8)
        for count in 0...15 {
            let bytes = Array(source[0..<count])
            let text = bytes.withUnsafeBufferPointer { ByteParsing.text($0) }
            #expect(Array(text.utf8) == bytes, "length \(count)")
        }
    }

    /// The short copy writes exactly `count` bytes: the bytes around the target keep their value.
    @Test(arguments: 0...16)
    func shortCopyStaysInItsRange(_ count: Int) {
        let source = (0..<count).map { UInt8(0x41 + $0) }
        var target = [UInt8](repeating: 0xEE, count: count + 2)
        source.withUnsafeBufferPointer { from in
            target.withUnsafeMutableBufferPointer { to in
                guard let base = to.baseAddress else { return }
                // An empty source may have no base address: any valid pointer does for no bytes.
                ByteParsing.copyShort(from: from.baseAddress ?? UnsafePointer(base), to: base + 1, count: count)
            }
        }
        #expect(target.first == 0xEE)
        #expect(target.last == 0xEE)
        #expect(Array(target[1..<(count + 1)]) == source)
    }
}
