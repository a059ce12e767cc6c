import LinkRouting
import Testing

/// `http:` and `https:` in lowercase take a shortcut through the scheme scan: it must agree with
/// the general scan on every spelling around it.
@Suite struct WebSchemeTests {
    @Test(
        arguments: [
            ("https://shop.example.com/p/1", "https", "shop.example.com"),
            ("http://shop.example.com/p/1", "http", "shop.example.com"),
            ("HTTPS://shop.example.com/p/1", "https", "shop.example.com"),
            ("hTtp://shop.example.com/p/1", "http", "shop.example.com"),
            ("https:shop.example.com", "https", nil),
            ("httpx://a/b", "httpx", nil),
            ("httpsx://a/b", "httpsx", nil),
            ("http2://a/b", "http2", nil),
        ] as [(String, String, String?)]
    )
    func schemesAreRecognisedWhateverTheirSpelling(_ url: String, _ scheme: String, _ host: String?) throws {
        do {
            let normalized = try NormalizedURL(url)
            #expect(normalized.scheme == scheme)
            if let host { #expect(normalized.host == host) }
        } catch {
            #expect(host == nil, "\(url): \(error)")
        }
    }

    @Test func shortAndBrokenWebSchemesAreMalformed() {
        for url in ["http", "https", "http:", "https:", "https:/", "http:/x"] {
            #expect(throws: MalformedURLError.self, "\(url)") { try NormalizedURL(url) }
        }
    }

    @Test func webAndCustomSchemesMatchTheirRoutes() throws {
        let table = try makeTable([("p", "/p/{id:int}")])
        #expect(try table.match("https://shop.example.com/p/1")?.route.name == "p")
        #expect(try table.match("http://shop.example.com/p/1")?.route.name == "p")
        #expect(try table.match("HTTP://SHOP.example.com/p/1")?.route.name == "p")
        #expect(try table.match("shop://p/1")?.route.name == "p")
        #expect(try table.match("httpx://p/1") == nil)
    }

    /// Hosts compare eight bytes at a time: every length around a word, a wrong byte anywhere.
    @Test func hostsOfEveryLengthMatchOnlyThemselves() throws {
        let hosts = (1...20).map { String("abcdefghijklmnopqrst".prefix($0)) }
        let table = try makeTable([("p", "/p")], hosts: hosts)
        for host in hosts {
            #expect(try table.match("https://\(host)/p")?.route.name == "p", "\(host)")
            #expect(try table.match("https://\(host.uppercased())/p")?.route.name == "p", "\(host)")
            for i in 0..<host.count {
                var bytes = Array(host.utf8)
                bytes[i] = UInt8(ascii: "z")
                let near = String(decoding: bytes, as: UTF8.self)
                #expect(try table.match("https://\(near)/p") == nil, "\(near)")
            }
        }
    }
}
