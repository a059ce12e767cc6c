import Testing

@testable import LinkRouting

/// A match tells whether its URL is JSON text as it is (``RouteMatch/withURLUTF8(_:)`` with the
/// flag): never for a URL with a byte that JSON escapes or that is beyond ASCII, wherever it
/// stands; always for the plain links most navigations carry, lent or owned.
@Suite struct PlainLinkTextTests {
    static func table() throws -> RouteTable {
        try makeTable([("all", "/{all:path}"), ("home", "/")])
    }

    /// Whether `bytes` are printable ASCII other than `"` and `\`.
    static func isPlain(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    }

    /// The flag the match gives `url`, owned and lent (the same both ways), or `nil` for no match.
    static func flag(_ url: String, in table: RouteTable) throws -> Bool? {
        guard let owned = try table.match(url) else { return nil }
        var ownedFlag = false
        var text: [UInt8] = []
        owned.withURLUTF8 { bytes, plain in
            text = Array(bytes)
            ownedFlag = plain
        }
        #expect(text == Array(url.utf8))
        var bytes = Array(url.utf8)
        let lentFlag = try bytes.withUnsafeMutableBufferPointer { buffer in
            let lent = try #require(try table.match(LinkText(lending: UnsafeBufferPointer(buffer))))
            var flag = false
            lent.withURLUTF8 { _, plain in flag = plain }
            return flag
        }
        #expect(lentFlag == ownedFlag)
        return ownedFlag
    }

    @Test func plainLinksAreToldPlain() throws {
        let table = try Self.table()
        for url in [
            "https://shop.example.com/repos/julienschmidt/httprouter/pulls/1347/comments",
            "https://shop.example.com/a", "https://shop.example.com/", "https://shop.example.com",
            "http://shop.example.com/x_z~;=:@[]^`{|}", "shop://items/42/blue", "shop://", "shop:a",
            "https://shop.example.com/0123456/", "https://shop.example.com/01234567", "shop://Items/a",
        ] {
            #expect(try Self.flag(url, in: table) == true, "\(url)")
        }
    }

    /// Queries, fragments, hosts not known as written and paths with bytes the split looks at
    /// one by one (escapes, `-`, `.`) are not looked at for this: such URLs are not told plain.
    @Test func urlsNotLookedAtAreNotToldPlain() throws {
        let table = try Self.table()
        for url in [
            "https://shop.example.com/a?q=1", "https://shop.example.com/a#f", "https://shop.example.com?q",
            "https://shop.example.com#f", "https://SHOP.example.com/a", "https://shop.example.com:443/a",
            "shop://items/a?b", "shop://items#", "https://shop.example.com/blue-shoes/v1.2",
            "https://shop.example.com/a%41", "https://shop.example.com/a%22b/%5C", "shop://Items/%C3%A9",
        ] {
            #expect(try Self.flag(url, in: table) == false, "\(url)")
        }
    }

    /// A byte that JSON escapes, or one beyond ASCII, in any lane of any word of the path.
    @Test(arguments: 0..<20)
    func aByteToEscapeIsSeenWherever(_ i: Int) throws {
        let table = try Self.table()
        let filler = Array("abcdefghijklmnopqrs".utf8)
        for inserted in ["\"", "\\", "\u{E9}", "\u{2028}", "\u{7FF}", "a\\\"", "\u{AF}"] {
            for head in ["https://shop.example.com/", "shop://x/"] {
                var bytes = Array(head.utf8)
                bytes += filler[..<i] + Array(inserted.utf8) + filler[i...]
                let url = String(decoding: bytes, as: UTF8.self)
                #expect(try Self.flag(url, in: table) == false, "\(url)")
            }
        }
    }

    /// Generated paths: the flag is never set for a URL that is not plain, and is set for every
    /// one of only letters, digits, `_`, `~` and '/'.
    @Test func generatedPathsAreToldPlainWhenTheyAre() throws {
        let table = try Self.table()
        var random = SplitMix(seed: 15)
        let ordinary = Set("abz09_~/".utf8)
        let alphabet = Array("abz09_~/-.%\"\\\u{E9}\u{7F}".utf8)
        for _ in 0..<2000 {
            let length = Int.random(in: 1...40, using: &random)
            var path: [UInt8] = []
            for _ in 0..<length { path.append(alphabet.randomElement(using: &random) ?? 0x61) }
            let url = String(decoding: Array("https://shop.example.com/".utf8) + path, as: UTF8.self)
            // Some are malformed or do not match (dot segments, empty ones): only matches count.
            guard let flag = try? Self.flag(url, in: table) else { continue }
            #expect(!flag || Self.isPlain(Array(url.utf8)), "\(url)")
            if path.allSatisfy(ordinary.contains) { #expect(flag, "\(url)") }
        }
    }
}
