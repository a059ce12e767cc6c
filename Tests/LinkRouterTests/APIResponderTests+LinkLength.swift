import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// SPEC §6's URL length limit (8 KiB) holds for the links navigate, trail and resolve take, as it
/// does for the request target: 414 `url_too_long`, with the session unchanged.
@Suite struct APIResponderLinkLengthTests {
    /// A product link padded with a query to exactly `length` bytes.
    static func link(length: Int) -> String {
        let base = "shop://product/1?pad="
        return base + String(repeating: "x", count: length - base.utf8.count)
    }

    static let limit = APIResponder.defaultMaxLinkBytes

    @Test func aLinkOverTheLimitIsRefusedEverywhere() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let long = Self.link(length: Self.limit + 1)
        let detail = client.expectRefused(414, "url_too_long", session: id) { client.navigate(id, long) }
        #expect(detail["length"] == .int(Self.limit + 1))
        #expect(detail["limit"] == .int(Self.limit))
        client.expectRefused(414, "url_too_long", session: id) {
            client.send(.post, "/v1/sessions/\(id)/navigate", body: long, contentType: "text/plain")
        }
        client.expectRefused(414, "url_too_long", session: id) {
            client.post("/v1/sessions/\(id)/trail", ["urls": ["shop://", .string(long)]])
        }
        client.post("/v1/resolve", ["url": .string(long)]).expectError(414, "url_too_long")
    }

    @Test func aLinkAtTheLimitNavigates() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let reply = client.navigate(id, Self.link(length: Self.limit))
        #expect(reply.status == 200, "\(reply)")
        #expect(reply.screens.last == "product")
    }

    /// `--max-url` sets both limits.
    @Test func theLimitIsTheResponders() throws {
        let engine = try APIFixture.engine()
        let responder = APIResponder(engine: engine, maxLinkBytes: 100)
        let body = Array(Self.link(length: 101).utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/plain")
        let request = HTTPRequest(method: .post, path: "/v1/sessions/x/navigate", headers: headers, body: body)
        APIReply(responder.respond(to: request)).expectError(414, "url_too_long")
    }
}
