import LinkRouting
import PropertyBased
import Testing

private func item(_ name: String, _ value: String) -> NormalizedURL.QueryItem {
    NormalizedURL.QueryItem(name: name, value: value)
}

/// The error `NormalizedURL(url)` throws, or nil when it normalises.
private func failure(_ url: String) -> MalformedURLError? {
    do {
        _ = try NormalizedURL(url)
        return nil
    } catch {
        return error
    }
}

@Suite struct NormalizationTests {
    @Test func schemeAndHostAreLoweredButPathKeepsItsCase() throws {
        let url = try NormalizedURL("HTTPS://Shop.Example.COM/Path/X")
        #expect(url.scheme == "https")
        #expect(url.host == "shop.example.com")
        #expect(url.segments == ["Path", "X"])
    }

    @Test func customSchemeHasNoHostAndLowersTheHostSlot() throws {
        let url = try NormalizedURL("Shop://Product/ABC")
        #expect(url.scheme == "shop")
        #expect(url.host == nil)
        #expect(url.segments == ["product", "ABC"])
    }

    @Test(arguments: [
        ("https://Shop.Example.com:443/x", "shop.example.com"),
        ("http://h:80/", "h"),
        ("https://h:8443/", "h:8443"),
        ("http://h:443/", "h:443"),
        ("https://h:80/", "h:80"),
        ("https://h?x=1", "h"),
    ])
    func webHostDropsOnlyTheDefaultPort(url: String, host: String) throws {
        #expect(try NormalizedURL(url).host == host)
    }

    @Test(
        arguments: [
            ("shop:/product/1", ["product", "1"]),
            ("shop://product/1", ["product", "1"]),
            ("shop:///product/1", ["product", "1"]),
            ("shop://", []),
            ("shop://%50roDUCT/1", ["product", "1"]),
            ("shop://CAF%C3%89/x", ["cafÉ", "x"]),
            ("https://h", []),
            ("https://h/", []),
            ("https://h/a/", ["a"]),
            ("https://h/a//", ["a", ""]),
            ("https://h/a//b", ["a", "", "b"]),
            ("https://h/a%2Fb/c", ["a/b", "c"]),
            ("https://h/a+b/%2B", ["a+b", "+"]),
            ("https://h/%2525", ["%25"]),
            ("https://h/caf%C3%A9/日本", ["café", "日本"]),
            ("https://h/a b/%20", ["a b", " "]),
            ("https://h/a#frag/x?y=1", ["a"]),
            ("https://h/.../.a/a.", ["...", ".a", "a."]),
        ] as [(String, [String])]
    )
    func pathSegmentsAreSplitThenDecodedOnce(url: String, segments: [String]) throws {
        #expect(try NormalizedURL(url).segments == segments)
    }

    @Test(arguments: [
        ("shop://s?q=a+b", [item("q", "a b")]),
        ("shop://s?x=%2B", [item("x", "+")]),
        ("shop://s?x=%252B", [item("x", "%2B")]),
        ("shop://s?a=1&&b=2", [item("a", "1"), item("b", "2")]),
        ("shop://s?flag&x=", [item("flag", ""), item("x", "")]),
        ("shop://s?b=2&a=1&b=3", [item("b", "2"), item("a", "1"), item("b", "3")]),
        ("shop://s?a=b=c", [item("a", "b=c")]),
        ("shop://s?%3D=%26&%2F=/?", [item("=", "&"), item("/", "/?")]),
        ("shop://s?a=1#frag&b=2", [item("a", "1")]),
        ("shop://s?", []),
        ("shop://s?a=1&", [item("a", "1")]),
        ("shop://s?a=caf%C3%A9+%E6%97%A5", [item("a", "café 日")]),
        ("shop://s?A=X", [item("A", "X")]),
    ])
    func queryIsSplitThenPlusAndEscapesDecodedOnce(url: String, query: [NormalizedURL.QueryItem]) throws {
        #expect(try NormalizedURL(url).query == query)
    }

    @Test(arguments: [
        ("noscheme", MalformedURLError.Component.scheme, MalformedURLError.Reason.missingScheme),
        ("://x", .scheme, .invalidScheme),
        ("1abc://x", .scheme, .invalidScheme),
        ("https:/x", .host, .missingHost),
        ("https://", .host, .missingHost),
        ("https://u@h/", .host, .userInfo),
        ("https://h:99999/", .host, .invalidPort),
        ("https://h:8x/", .host, .invalidPort),
        ("shop://a/%zz", .path, .malformedEscape),
        ("shop://a/%4", .path, .malformedEscape),
        ("shop://a/b%", .path, .malformedEscape),
        ("shop://a/%C3%28", .path, .invalidUTF8),
        ("shop://a/%FF", .path, .invalidUTF8),
        ("shop://a/%C0%AF", .path, .invalidUTF8),
        ("shop://a/%ED%A0%80", .path, .invalidUTF8),
        ("shop://a/%F4%90%80%80", .path, .invalidUTF8),
        ("shop://a/%C3", .path, .invalidUTF8),
        ("shop://a/%00", .path, .controlCharacter),
        ("shop://a/%0A", .path, .controlCharacter),
        ("shop://a/%7F", .path, .controlCharacter),
        ("shop://a/b\tc", .path, .controlCharacter),
        ("shop://a/\u{7F}", .path, .controlCharacter),
        ("shop://a/.", .path, .dotSegment),
        ("shop://a/..", .path, .dotSegment),
        ("shop://a/%2E", .path, .dotSegment),
        ("shop://a/%2e%2E/b", .path, .dotSegment),
        ("https://h/./x", .path, .dotSegment),
        ("https://h/x/..", .path, .dotSegment),
        ("shop://a?x=%zz", .query, .malformedEscape),
        ("shop://a?x=%", .query, .malformedEscape),
        ("shop://a?%C3%28=1", .query, .invalidUTF8),
        ("shop://a?x=%0A", .query, .controlCharacter),
        ("shop://a?x=\u{01}", .query, .controlCharacter),
        ("shop://%zz/x", .host, .malformedEscape),
        ("shop://%FF/x", .host, .invalidUTF8),
        ("shop://%00/x", .host, .controlCharacter),
    ])
    func malformedURLsNameTheComponent(
        url: String,
        component: MalformedURLError.Component,
        reason: MalformedURLError.Reason
    ) {
        let error = failure(url)
        #expect(error?.component == component, "\(url)")
        #expect(error?.reason == reason, "\(url)")
    }

    @Test(

        arguments: ["shop://./x", "shop://../x", "shop://%2E%2E/x"]
    )
    func dotSegmentInHostSlotNamesTheHost(url: String) {
        #expect(failure(url)?.component == .host)
        #expect(failure(url)?.reason == .dotSegment)
    }

    @Test func dotsInTheQueryAreNotDotSegments() throws {
        #expect(try NormalizedURL("shop://a?x=..&.=.").query == [item("x", ".."), item(".", ".")])
    }

    @Test(arguments: [
        ("SHOP://Product/a%20b/?q=a+b&x=%2B#frag", "shop://product/a%20b?q=a%20b&x=%2B"),
        ("https://h/a%2Fb/!$&'()*+,;=:@", "https://h/a%2Fb/!$&'()*+,;=:@"),
        ("https://h/caf%c3%a9?k=v%26w&e=%3D%2B%23", "https://h/caf%C3%A9?k=v%26w&e=%3D%2B%23"),
        ("https://h/%3F%23%25%5B/~-._", "https://h/%3F%23%25%5B/~-._"),
        ("https://h/a//", "https://h/a//"),
        ("shop://s?flag", "shop://s?flag="),
        ("http://H:80", "http://h"),
    ])
    func descriptionIsCanonical(url: String, canonical: String) throws {
        #expect(try NormalizedURL(url).description == canonical)
    }

    @Test(arguments: [
        "shop:////", "shop://///", "shop:///%20/x", "shop:////x", "https://h//", "https://h//a",
        "shop://a//", "https://h:8443?x=1", "shop://?=", "shop://%2F/%2F", "shop://s?a+b=c+d",
    ])
    func edgeCaseDescriptionsNormaliseToTheSameValue(url: String) throws {
        let once = try NormalizedURL(url)
        #expect(try NormalizedURL(once.description) == once)
    }

    @Test func normalisingTheDescriptionIsIdempotent() async {
        await propertyCheck(count: 500, input: URLGen.url) { url in
            do {
                let once = try NormalizedURL(url)
                let twice = try NormalizedURL(once.description)
                #expect(twice == once, "\(url) -> \(once.description)")
                #expect(twice.description == once.description)
            } catch {
                Issue.record("generated URL \(url) rejected: \(error)")
            }
        }
    }
}

/// Generators of valid URLs with awkward characters in every component.
private enum URLGen {
    static let pathTokens = [
        "a", "Z", "q", "7", "-", "_", "~", " ", "+", "&", "=", "!", "$", "'", "(", ")", "*", ",", ";", ":",
        "@", "é", "日", "%25", "%2F", "%3F", "%23", "%20", "%2B", "%26", "%3D", "x.y", "%41",
    ]
    static let queryTokens = pathTokens + ["?", "/", "=", "&", "+", "%2b"]
    static let schemes = ["shop", "SHOP", "Shop", "https", "HTTPS", "http", "HtTp"]
    static let hosts = ["Shop.Example.com", "h:8443", "h:443", "H:80", "x"]
    static let separators = ["://", ":/", ":"]

    /// Any scalar but controls, surrogates and `.`, percent-encoded as UTF-8.
    static let escape = Gen<UInt32>.value(in: 0x20...0x10FFFF).map { value -> String in
        let scalar = Unicode.Scalar(value).flatMap { (0x7F...0x9F).contains($0.value) || $0 == "." ? nil : $0 } ?? "x"
        return String(scalar).utf8.map { "%" + hex($0) }.joined()
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    static let pathToken = zip(Gen.int(in: 0...pathTokens.count), escape).map { i, escaped in
        i < pathTokens.count ? pathTokens[i] : escaped
    }
    static let queryToken = zip(Gen.int(in: 0...queryTokens.count), escape).map { i, escaped in
        i < queryTokens.count ? queryTokens[i] : escaped
    }

    static let segment = pathToken.array(of: 0...4).map { $0.joined() }
    static let piece = zip(
        queryToken.array(of: 0...3),
        queryToken.array(of: 0...3),
        Gen.bool
    ).map { key, value, hasValue in key.joined() + (hasValue ? "=" + value.joined() : "") }

    static let url = zip(
        Gen.int(in: 0...(schemes.count - 1)),
        Gen.int(in: 0...(hosts.count * separators.count - 1)),
        segment.array(of: 0...4),
        piece.array(of: 0...3),
        Gen.bool
    ).map { schemeIndex, variant, segments, pieces, fragment -> String in
        let scheme = schemes[schemeIndex]
        let isWeb = scheme.lowercased().hasPrefix("http")
        var url = scheme
        let path = segments.joined(separator: "/")
        if isWeb {
            url += "://" + hosts[variant % hosts.count] + (segments.isEmpty ? "" : "/" + path)
        } else {
            url += separators[variant % separators.count] + path
        }
        if !pieces.isEmpty { url += "?" + pieces.joined(separator: "&") }
        return fragment ? url + "#frag%zz" : url
    }
}
