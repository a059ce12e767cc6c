import Testing

@testable import LinkRouting

/// Swift's small-string form as ``SmallStringLayout`` reads and makes it: strings built in place are,
/// bit for bit, the ones the standard library builds from the same bytes, anything that is not a
/// short ASCII text is left to it, and the words, count and ASCII flag read from strings the
/// standard library built are theirs.
@Suite struct SmallStringLayoutTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-~. !\u{7F}\t".utf8)

    /// `ascii` over `bytes`, with 8 more readable bytes after them (which must not reach the result).
    static func made(_ bytes: [UInt8]) -> String? {
        let padded = bytes + Array(repeating: UInt8(ascii: "Z"), count: 8)
        return padded.withUnsafeBufferPointer {
            SmallStringLayout.ascii($0.baseAddress.unsafelyUnwrapped, count: bytes.count)
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

    @Test(arguments: ["", "a", "s999", "abcdefgh", "fifteen-bytes-x", "é", "naïve-ids", "😀😀😀"])
    func readsTheWordsCountAndASCIIFlagOfSmallStrings(_ value: String) throws {
        // Made at run time, so that the literal's storage does not decide the form.
        let string = String(decoding: Array(value.utf8), as: UTF8.self)
        let words = try #require(SmallStringLayout.words(of: string), "\(value)")
        #expect(words == Self.bits(string))
        #expect(SmallStringLayout.count(words) == value.utf8.count)
        #expect(SmallStringLayout.isASCII(words) == value.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test(arguments: ["", "a", "owner", "fifteen-bytes-x", "é", "😀😀😀"])
    func makesTheSmallStringOfItsWords(_ value: String) throws {
        let string = String(decoding: Array(value.utf8), as: UTF8.self)
        let words = try #require(SmallStringLayout.words(of: string), "\(value)")
        let made = try #require(SmallStringLayout.string(words), "\(value)")
        #expect(Self.bits(made) == words)
        #expect(made == value)
        #expect(Array(made.utf8) == Array(value.utf8))
    }

    @Test func makesNoStringOfWordsThatAreNotASmallString() {
        #expect(SmallStringLayout.string((0, 0)) == nil)
        let large = String(decoding: Array(repeating: UInt8(ascii: "x"), count: 16), as: UTF8.self)
        #expect(SmallStringLayout.string(Self.bits(large)) == nil)
    }

    @Test func aStringStoredApartHasNoWords() {
        let large = String(decoding: Array(repeating: UInt8(ascii: "x"), count: 16), as: UTF8.self)
        #expect(SmallStringLayout.words(of: large) == nil)
        let larger = String(repeating: "abc", count: 100)
        #expect(SmallStringLayout.words(of: larger) == nil)
    }
}
