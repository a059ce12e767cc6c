import Testing

@testable import LinkNavigation

/// The key of client-chosen ids in a shard's dictionary: equal texts hash alike, and every byte
/// and the length reach the hash.
@Suite struct TextSessionKeyTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)

    /// An id of `count` characters, varied with `salt`.
    static func id(_ count: Int, salt: Int = 0) -> String {
        String(decoding: (0..<count).map { alphabet[($0 &* 7 &+ salt) % alphabet.count] }, as: UTF8.self)
    }

    @Test(arguments: [0, 1, 0x5EED, -42])
    func equalTextsHashAlikeAtEveryLength(seed: Int) {
        for count in 1...40 {
            let text = Self.id(count)
            // Built another way: the same bytes, a different string value.
            let rebuilt = String(text.prefix(count / 2)) + String(text.dropFirst(count / 2))
            #expect(TextSessionKey(text) == TextSessionKey(rebuilt))
            #expect(
                TextSessionKey(text)._rawHashValue(seed: seed) == TextSessionKey(rebuilt)._rawHashValue(seed: seed),
                "length \(count)"
            )
        }
    }

    @Test func everyByteOfAShortIDChangesItsHash() {
        for count in 1...17 {
            let base = Array(Self.id(count).utf8)
            let hash = TextSessionKey(Self.id(count))._rawHashValue(seed: 7)
            for position in 0..<count {
                var changed = base
                changed[position] = changed[position] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                let other = TextSessionKey(String(decoding: changed, as: UTF8.self))
                #expect(other._rawHashValue(seed: 7) != hash, "length \(count), byte \(position)")
            }
        }
    }

    @Test func theLengthReachesTheHash() {
        // Texts of one repeated letter: only the length tells them apart.
        let pairs = [("aa", "aaa"), ("aaaa", "aaaaaaa"), ("aaaaaaaa", "aaaaaaaaaaaaaaaa")]
        for (short, long) in pairs {
            #expect(
                TextSessionKey(short)._rawHashValue(seed: 3) != TextSessionKey(long)._rawHashValue(seed: 3),
                "\(short)"
            )
        }
    }

    @Test func aDictionaryFindsEachIDByAnEqualText() {
        var table: [TextSessionKey: Int] = [:]
        for count in 1...40 {
            for salt in 0..<8 { table[TextSessionKey(Self.id(count, salt: salt))] = count * 100 + salt }
        }
        #expect(table.count == 40 * 8)
        for count in 1...40 {
            for salt in 0..<8 {
                let text = Self.id(count, salt: salt)
                #expect(table[TextSessionKey(String(text.prefix(1)) + String(text.dropFirst()))] == count * 100 + salt)
            }
        }
        #expect(table[TextSessionKey("not-there")] == nil)
    }
}
