import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// The navigate path's fast check takes exactly the paths it says, with the id the split gives.
@Suite struct NavigatePathTests {
    @Test(arguments: [
        "/v1/sessions/abc/navigate", "/v1/sessions/s1/navigate",
        "/v1/sessions/a-very-long-session-id-0123456789/navigate",
        "/v1/sessions/é😀/navigate", "/v1/sessions/x/navigate/", "v1/sessions/x/navigate", "/v1/sessions//navigate",
        "/v1/sessions/a/b/navigate", "/v1/sessions/x/navigatf", "/v1/sessions/x/Navigate", "/v2/sessions/x/navigate",
        "/v1/sessionz/x/navigate", "/v1/sessions/x/back", "/v1/sessions/navigate", "/v1/sessions/x/xnavigate",
        "/v1/sessions/x", "/", "", "/v1/sessions/xnavigate", "//v1/sessions/x/navigate",
        "/v1/sessions/abcdefghij/k/navigate", "/v1/sessions/abcdefgh/navigate", "/v1/sessions/abcdefg//navigate",
        "/v1/sessions/fifteen-bytes-x/navigate", "/v1/sessions/sixteen-bytes-xy/navigate",
        "/v1/sessions/fifteen-bytes/x/navigate", "/v1/sessions/a-long-session-id/0123456789/navigate",
    ])
    func takesExactlyTheNavigatePaths(_ path: String) {
        let parts = PathParts(path)
        let exact =
            path.utf8.first == UInt8(ascii: "/") && path.utf8.last != UInt8(ascii: "/") && parts.count == 4
            && parts.at(0, is: "v1") && parts.at(1, is: "sessions") && parts.at(3, is: "navigate")
            && !parts.string(2).isEmpty
        #expect(NavigatePath.sessionID(path) == (exact ? parts.string(2) : nil), "\(path)")
    }

    /// Ids of up to 15 bytes become small strings, longer ones allocated ones: in both, bytes that
    /// are not UTF-8 are repaired as `String(repairingUTF8:)` repairs them.
    @Test(arguments: [
        [UInt8(ascii: "s"), 0xFF, UInt8(ascii: "1")], [0xC3], Array(repeating: UInt8(ascii: "a"), count: 15),
        Array(repeating: UInt8(ascii: "b"), count: 16), Array(repeating: UInt8(ascii: "c"), count: 40) + [0xE2, 0x82],
        Array("é😀".utf8), Array("ünïcödé-ünïcödé".utf8),
    ])
    func readsAnIdAsItsRepairedUTF8(_ id: [UInt8]) {
        let path = Array("/v1/sessions/".utf8) + id + Array("/navigate".utf8)
        let read = path.withUnsafeBufferPointer(NavigatePath.sessionID(bytes:))
        let expected = id.withUnsafeBufferPointer { String(repairingUTF8: $0) }
        #expect(read == expected)
        #expect(read.map { Array($0.utf8) } == Array(expected.utf8))
    }

    @Test func readsTheIdOfANavigatePath() {
        #expect(NavigatePath.sessionID("/v1/sessions/s42/navigate") == "s42")
        #expect(NavigatePath.sessionID("/v1/sessions/s42/navigate/") == nil)
    }
}

/// Through the API: a navigate path answers as it did when only the split routed it.
@Suite struct NavigatePathAPITests {
    @Test func theFastPathAndTheSplitAnswerAlike() throws {
        let fast = try APIFixture.client()
        let split = try APIFixture.client()
        // The same navigation on each engine (which makes the session: the table takes client ids),
        // through the fast path and through the split (a trailing slash), then refused ones.
        let first = fast.send(.post, "/v1/sessions/s1/navigate", body: "shop://product/42", contentType: "text/plain")
        let second = split.send(
            .post,
            "/v1/sessions/s1/navigate/",
            body: "shop://product/42",
            contentType: "text/plain"
        )
        #expect(first.status == 200)
        #expect(first.status == second.status && first.text == second.text)
        for client in [fast, split] {
            #expect(client.get("/v1/sessions/s1/navigate").status == 405)
            #expect(client.on(.admin).post("/v1/sessions/s1/navigate").status == 404)
            #expect(client.post("/v1/sessions/s1/navigate", ["url": 7]).status == 400)
        }
    }
}
