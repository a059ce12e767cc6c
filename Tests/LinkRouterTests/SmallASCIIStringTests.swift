import Testing

@testable import LinkRouter

/// Small strings built in place are, bit for bit, the ones the standard library builds from the
/// same bytes, and anything that is not a short ASCII text is left to it.
@Suite struct SmallASCIIStringTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-~. !\u{7F}\t".utf8)

    /// `make` over `bytes`, with 8 more readable bytes after them (which must not reach the result).
    static func made(_ bytes: [UInt8]) -> String? {
        let padded = bytes + Array(repeating: UInt8(ascii: "Z"), count: 8)
        return padded.withUnsafeBufferPointer {
            SmallASCIIString.make($0.baseAddress.unsafelyUnwrapped, count: bytes.count)
        }
    }

    static func bits(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    @Test(arguments: 0...15)
    func buildsWhatTheStandardLibraryBuilds(count: Int) throws {
        for salt in 0..<Self.alphabet.count {
            let bytes = (0..<count).map { Self.alphabet[($0 &* 5 &+ salt) % Self.alphabet.count] }
            let expected = String(decoding: bytes, as: UTF8.self)
            let string = try #require(Self.made(bytes), "\(bytes)")
            #expect(Self.bits(string) == Self.bits(expected), "\(bytes)")
            #expect(string == expected)
            #expect(Array(string.utf8) == bytes)
            #expect(string.utf8.count == count)
            #expect(string.hashValue == expected.hashValue)
            #expect([expected: 1][string] == 1)
        }
    }

    @Test func leavesLongerAndNonASCIITextsToTheStandardLibrary() {
        #expect(Self.made(Array(repeating: UInt8(ascii: "a"), count: 16)) == nil)
        #expect(Self.made(Array("é".utf8)) == nil)
        #expect(Self.made([UInt8(ascii: "a"), 0x80]) == nil)
        #expect(Self.made(Array(repeating: UInt8(ascii: "b"), count: 14) + [0xFF]) == nil)
    }
}
