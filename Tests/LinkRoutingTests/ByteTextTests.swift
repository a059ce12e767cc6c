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
                ByteWords.copy(from: from.baseAddress ?? UnsafePointer(base), to: base + 1, count: count)
            }
        }
        #expect(target.first == 0xEE)
        #expect(target.last == 0xEE)
        #expect(Array(target[1..<(count + 1)]) == source)
    }

    /// ASCII values up to 15 bytes are made as the standard library makes them: the same two
    /// words (small, ASCII, immortal, the count, the bytes), for every length and every ASCII byte
    /// at each place; a non-ASCII byte anywhere is left to the general path.
    @Test func smallASCIIIsTheStandardLibrarysSmallString() {
        let source = Array("abcdefghijklmnop".utf8)
        for count in 0...15 {
            for place in 0..<Swift.max(count, 1) {
                for byte: UInt8 in [0x00, 0x2F, 0x41, 0x7F, 0x80, 0xC3] {
                    var bytes = Array(source[0..<count])
                    if count > 0 { bytes[place] = byte }
                    // One byte more than the count, so that even an empty value has an address.
                    let made = (bytes + [0x20]).withUnsafeBufferPointer { padded -> String? in
                        guard let base = padded.baseAddress else { return nil }
                        return SmallStringLayout.ascii(base, count: count)
                    }
                    let expected = String(decoding: bytes, as: UTF8.self)
                    guard bytes.allSatisfy({ $0 < 0x80 }) else {
                        #expect(made == nil, "length \(count), byte \(byte) at \(place)")
                        continue
                    }
                    #expect(made == expected, "length \(count), byte \(byte) at \(place)")
                    if let made {
                        let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
                        let standard = unsafeBitCast(expected, to: (UInt64, UInt64).self)
                        #expect(words == standard, "length \(count), byte \(byte) at \(place)")
                        #expect(Array(made.utf8) == bytes)
                    }
                }
            }
        }
        #expect(SmallStringLayout.ascii(source, count: 16) == nil)
    }
}
