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
        "/v1/sessions//abc", "v1/x", "/a/b//c/", "/é/ü/😀/", "/a%2Fb/c", "x", "/x/",
    ])
    func splitsLikeTheReference(_ path: String) {
        let parts = PathParts(path)
        #expect((0..<parts.count).map { String(parts[$0]) } == Self.reference(path))
    }
}
