import LinkRouting
import Testing

/// The path scan skips ordinary bytes eight at a time: whatever stands at any place of a long
/// segment, in any lane of the word, must be seen.
@Suite struct PathScanTests {
    static let filler = Array("abcdefghijklmnopqrstuvw".utf8)

    static func url(_ inserted: [UInt8], at i: Int) -> String {
        var bytes = Array("shop://x/".utf8)
        bytes += filler[..<i] + inserted + filler[i...]
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: 0..<23)
    func controlsAndDELAreRefusedWherever(_ i: Int) {
        for byte: UInt8 in [0x00, 0x09, 0x1F, 0x7F] {
            let url = Self.url([byte], at: i)
            #expect(throws: MalformedURLError(component: .path, reason: .controlCharacter, offset: 9 + i)) {
                try NormalizedURL(url)
            }
        }
    }

    @Test(arguments: 0..<23)
    func slashesEscapesAndHighBytesAreSeenWherever(_ i: Int) throws {
        let split = try NormalizedURL(Self.url(Array("/".utf8), at: i))
        #expect(split.segments.count == 3)
        let escaped = try NormalizedURL(Self.url(Array("%2F".utf8), at: i))
        #expect(escaped.segments.count == 2 && escaped.segments[1].utf8.count == Self.filler.count + 1)
        // U+00AF is C2 AF: AF's low seven bits are those of '/', its high bit makes it ordinary.
        for text in ["\u{AF}", "\u{FF}", "é", "\u{7FF}"] {
            let high = try NormalizedURL(Self.url(Array(text.utf8), at: i))
            #expect(high.segments.count == 2 && high.segments[1].contains(text))
        }
    }

    @Test(arguments: 0..<23)
    func escapesThatDecodeBadlyAreRefusedWherever(_ i: Int) {
        let invalid = Self.url(Array("%FF".utf8), at: i)
        #expect(throws: MalformedURLError(component: .path, reason: .invalidUTF8, offset: 9)) {
            try NormalizedURL(invalid)
        }
        let malformed = Self.url(Array("%G1".utf8), at: i)
        #expect(throws: MalformedURLError(component: .path, reason: .malformedEscape, offset: 9 + i)) {
            try NormalizedURL(malformed)
        }
    }
}
