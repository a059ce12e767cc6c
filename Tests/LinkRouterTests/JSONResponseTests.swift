import Testing

@testable import LinkRouter
@testable import LinkRouterHTTP

/// The JSON answers of the session, resolve and health endpoints are sent in the block they were
/// written into: a pooled one for an answer the pool serves, which then goes back to it once sent.
@Suite struct JSONResponseTests {
    /// The reply's block, or `nil` when its body is an array.
    static func block(_ reply: APIReply) -> ResponseBytes? {
        guard case .block(let block) = reply.response.content else { return nil }
        return block
    }

    @Test func sessionAndResolveAnswersKeepTheirPooledBlock() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let created = client.post("/v1/sessions")
        let viewed = client.get("/v1/sessions/\(id)")
        let resolved = client.post("/v1/resolve", ["url": "shop://catalog"])
        for reply in [created, viewed, resolved] {
            reply.expectJSON(reply.status)
            let block = try #require(Self.block(reply), "\(reply)")
            #expect(block.capacity == ResponseBlockPool.blockCapacity)
            #expect(block.bytes == reply.response.body)
        }
        #expect(created.status == 201)
        #expect(viewed["session"]?.stringValue == id)
        #expect(resolved["status"]?.stringValue == "navigated")
    }

    @Test func aSmallAnswerHasABlockOfItsOwn() throws {
        let reply = try APIFixture.client().get("/healthz")
        reply.expectJSON(200)
        let block = try #require(Self.block(reply))
        #expect(block.capacity < ResponseBlockPool.smallestServed)
        #expect(reply["status"]?.stringValue == "ok")
    }
}
