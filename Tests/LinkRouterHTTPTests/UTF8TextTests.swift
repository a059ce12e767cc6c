import Testing

@testable import LinkRouterHTTP

/// The ASCII fast paths must give exactly what `String(validating:as:)` and
/// `String(decoding:as:)` give, byte for byte, for every length around the eight-byte words they
/// check and the 15 bytes a small string holds, and for bytes that are not ASCII anywhere in them.
@Suite struct UTF8TextTests {
    static func reference(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

    static func fast(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { String(validatingUTF8: $0) }
    }

    /// Whether the repairing fast path gives `String(decoding:as:)`'s very bytes.
    static func repairsAlike(_ bytes: [UInt8]) -> Bool {
        let fast = bytes.withUnsafeBufferPointer { String(repairingUTF8: $0) }
        return Array(fast.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    @Test(arguments: [
        "", "a", "/v1/sessions/abc/navigate", "https://shop.example.com/product/42?ref=mail",
        "é", "/é/ü/😀/", "1234567", "12345678", "123456789", "abcdefghijklmnop\u{7F}",
    ])
    func textAgreesWithTheStandardLibrary(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.fast(bytes) == text)
        #expect(Self.fast(bytes) == Self.reference(bytes))
        #expect(Self.repairsAlike(bytes))
    }

    @Test func everyLengthAndPlaceOfABadByteAgrees() {
        for length in 0...40 {
            let ascii = (0..<length).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
            #expect(Self.fast(ascii).map { Array($0.utf8) } == ascii)
            #expect(Self.repairsAlike(ascii))
            for position in 0..<length {
                for bad: [UInt8] in [[0x80], [0xFF], [0xC3], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F]] {
                    var bytes = ascii
                    bytes.replaceSubrange(position..<position + 1, with: bad)
                    #expect(Self.fast(bytes) == Self.reference(bytes), "length \(length), \(bad) at \(position)")
                    #expect(Self.repairsAlike(bytes), "length \(length), \(bad) at \(position)")
                }
            }
        }
    }

    /// The ASCII check reads its words inside the run only: a run of ASCII between non-ASCII
    /// bytes is ASCII at every length and offset, and one non-ASCII byte anywhere in it is found.
    @Test func asciiCheckLooksAtTheRunAlone() {
        let around = [UInt8](repeating: 0xFF, count: 64)
        for start in 0..<8 {
            for length in 0...24 {
                var bytes = around
                for index in start..<start + length { bytes[index] = UInt8(ascii: "a") }
                bytes.withUnsafeBufferPointer { all in
                    let run = UnsafeBufferPointer(rebasing: all[start..<start + length])
                    #expect(String.isASCII(run), "length \(length) at \(start)")
                }
                for position in start..<start + length {
                    var bad = bytes
                    bad[position] = 0x80
                    bad.withUnsafeBufferPointer { all in
                        let run = UnsafeBufferPointer(rebasing: all[start..<start + length])
                        #expect(!String.isASCII(run), "length \(length) at \(start), bad at \(position)")
                    }
                }
            }
        }
        #expect(String.isASCII(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test func randomBytesAgree() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly ASCII, sometimes any byte.
                let byte = UInt8(truncatingIfNeeded: state >> 33)
                bytes.append(state & 0x7 == 0 ? byte : byte & 0x7F)
            }
            #expect(Self.fast(bytes) == Self.reference(bytes))
            #expect(Self.repairsAlike(bytes))
        }
    }

    /// The request target's word-at-a-time check for controls, spaces and DEL agrees with the
    /// byte-by-byte rule for every byte value at every place around the eight-byte words.
    @Test func controlCheckAgreesWithTheBytewiseRule() {
        for length in 1...19 {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    let expected = byte <= 0x20 || byte == 0x7F
                    let found = bytes.withUnsafeBufferPointer { RequestTarget.hasControlOrSpace($0) }
                    if found != expected { Issue.record("byte \(byte) at \(position) of \(length)") }
                }
            }
        }
        #expect(!RequestTarget.hasControlOrSpace(UnsafeBufferPointer(start: nil, count: 0)))
    }

    /// The same pass tells an ASCII target from one with a byte at or above 0x80, at every place.
    @Test func asciiCheckOfTheTargetAgreesWithTheBytewiseRule() {
        for length in 1...19 {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    let kinds = bytes.withUnsafeBufferPointer { RequestTarget.classify($0) }
                    if kinds.isASCII != (byte < 0x80) || kinds.hasControlOrSpace != (byte <= 0x20 || byte == 0x7F) {
                        Issue.record("byte \(byte) at \(position) of \(length)")
                    }
                }
            }
        }
        #expect(RequestTarget.classify(UnsafeBufferPointer(start: nil, count: 0)) == (false, true))
    }
}
