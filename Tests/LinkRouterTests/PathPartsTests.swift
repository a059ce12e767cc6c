import Testing

@testable import LinkRouter

@Suite struct PathPartsTests {
    /// The split the API routes on: one leading and one trailing slash dropped, empty segments kept.
    static func reference(_ path: String) -> [String] {
        var utf8 = Substring(path).utf8[...]
        if utf8.first == UInt8(ascii: "/") { utf8 = utf8.dropFirst() }
        if utf8.count > 1, utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        return utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    @Test(arguments: [
        "", "/", "//", "///", "/v1", "/v1/", "/v1/sessions", "/v1/sessions/", "/v1/sessions/abc/navigate",
        "/v1/sessions//abc", "v1/x", "/a/b//c/", "/é/ü/😀/", "/a%2Fb/c", "x", "/x/", "/1/2/3/4/5/6/7/8/9/10/",
    ])
    func splitsLikeTheReference(_ path: String) {
        let parts = PathParts(path)
        let reference = Self.reference(path)
        #expect(parts.count == reference.count)
        #expect(
            (0..<min(parts.count, PathParts.capacity)).map { parts.string($0) }
                == Array(reference.prefix(PathParts.capacity))
        )
    }

    @Test(arguments: ["/v1/sessions/abc/navigate", "/v1//x/", "/é/ü/😀/", "/a/b/c/d/e/f/g/h/i/j"])
    func partsCompareWithLiteralsByteForByte(_ path: String) {
        let parts = PathParts(path)
        let reference = Self.reference(path)
        let literals: [StaticString] = [
            "v1", "sessions", "abc", "navigate", "", "x", "é", "ü", "😀", "a", "h", "navigat",
        ]
        for index in 0..<min(parts.count, PathParts.capacity) {
            for literal in literals {
                #expect(
                    parts.at(index, is: literal) == (reference[index] == literal.description),
                    "\(index) \(literal)"
                )
            }
        }
    }

    /// Slashes are found eight bytes at a time: paths of every length up to a few words, with
    /// slashes (single and doubled) at every offset, split as the reference does.
    @Test func splitsRandomPathsLikeTheReference() {
        let pieces = ["/", "//", "a", "bc", "defghij", "é", "😀", "%2F", "x/y"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var path = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                path += pieces[Int(state >> 33) % pieces.count]
            }
            let parts = PathParts(path)
            let reference = Self.reference(path)
            #expect(parts.count == reference.count, "\(path)")
            #expect(
                (0..<min(parts.count, PathParts.capacity)).map { parts.string($0) }
                    == Array(reference.prefix(PathParts.capacity)),
                "\(path)"
            )
        }
    }
}
