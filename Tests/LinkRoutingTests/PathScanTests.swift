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

    /// The path ends at the first '?' or '#', found by the path loop in any lane of a word.
    @Test(arguments: 0..<23)
    func queryAndFragmentEndThePathWherever(_ i: Int) throws {
        let head = String(decoding: Self.filler[..<i], as: UTF8.self)
        let tail = String(decoding: Self.filler[i...], as: UTF8.self)
        let segments = i == 0 ? ["x"] : ["x", head]
        let query = try NormalizedURL(Self.url(Array("?q=1".utf8), at: i))
        #expect(query.segments == segments)
        #expect(query.query == [NormalizedURL.QueryItem(name: "q", value: "1" + tail)])
        let fragment = try NormalizedURL(Self.url(Array("#f?q=1/%zz".utf8), at: i))
        #expect(fragment.segments == segments && fragment.query.isEmpty)
        let both = try NormalizedURL(Self.url(Array("?a#b?c".utf8), at: i))
        #expect(both.segments == segments && both.query == [NormalizedURL.QueryItem(name: "a", value: "")])
    }

    @Test(arguments: [
        ("https://h?x=1", "h", [String](), 1),
        ("https://h#f", "h", [], 0),
        ("https://h:443#f/x?y", "h", [], 0),
        ("https://h:8443?x", "h:8443", [], 1),
        ("https://h/?x", "h", [], 1),
        ("https://h/a?x#y", "h", ["a"], 1),
    ])
    func queryAndFragmentEndTheAuthority(_ url: String, _ host: String, _ segments: [String], _ pairs: Int) throws {
        let normalized = try NormalizedURL(url)
        #expect(normalized.host == host)
        #expect(normalized.segments == segments)
        #expect(normalized.query.count == pairs)
    }

    @Test func customSchemesWithoutAPathKeepTheirQuery() throws {
        for url in ["shop:?a=1", "shop://?a=1", "shop:/?a=1"] {
            let normalized = try NormalizedURL(url)
            #expect(normalized.segments.isEmpty || normalized.segments == [""], "\(url)")
            #expect(normalized.query == [NormalizedURL.QueryItem(name: "a", value: "1")], "\(url)")
        }
        #expect(try NormalizedURL("shop:#?a=1").query.isEmpty)
    }
}
