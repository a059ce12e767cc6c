import LinkRouterHTTP
import Testing

@testable import LinkRouter

@Suite struct BareURLUTF8Tests {
    /// Invalid UTF-8 in a bare URL body: 400 `malformed_url` naming the component and the offset,
    /// and the session stays as it was.
    @Test(arguments: [
        (Array("sh".utf8) + [0xFF] + Array("op://cart".utf8), "scheme", 2),
        (Array("https://sh".utf8) + [0xC3] + Array(".example.com/p/1".utf8), "host", 10),
        (Array("shop://product/".utf8) + [0xE2, 0x82], "path", 15),
        (Array("shop://product/42?ref=".utf8) + [0x80], "query", 22),
        (Array("shop:/product/".utf8) + [0xC0, 0xAF], "path", 14),
    ])
    func namesTheComponentAndOffset(_ body: [UInt8], _ component: String, _ offset: Int) throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let before = client.view(id)
        let reply = client.send(.post, "/v1/sessions/\(id)/navigate", bytes: body, contentType: "text/plain")
        reply.expectError(400, "malformed_url")
        #expect(reply.errorDetail?["component"]?.stringValue == component, "\(reply)")
        #expect(reply.errorDetail?["reason"]?.stringValue == "invalid UTF-8", "\(reply)")
        #expect(reply.errorDetail?["offset"] == .int(offset), "\(reply)")
        #expect(client.view(id) == before)
    }

    @Test func validUTF8HasNoLocation() {
        #expect(InvalidUTF8Location.error(in: Array("shop://café/😀?q=é".utf8)[...]) == nil)
    }
}
