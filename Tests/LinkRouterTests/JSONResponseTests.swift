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
        }
        #expect(created.status == 201)
        #expect(viewed.text == Self.freshSession(id))
        #expect(resolved["status"]?.stringValue == "navigated")
        #expect(Self.goesBack { client.get("/v1/sessions/\(id)") })
    }

    /// `/v1/links` and `/admin/reload` answers are blocks too: the first small, of its own; the
    /// second pooled, back to the pool once sent.
    @Test func linksAndReloadAnswersAreBlocks() throws {
        let client = try APIFixture.client()
        let link = client.post("/v1/links", ["route": "product", "params": ["id": 1]])
        link.expectJSON(200)
        let linkBlock = try #require(Self.block(link), "\(link)")
        #expect(linkBlock.capacity < ResponseBlockPool.smallestServed)
        #expect(link.text == #"{"url":"shop://product/1"}"#)
        #expect(!Self.goesBack { client.post("/v1/links", ["route": "product", "params": ["id": 1]]) })
        let reload = client.on(.admin).post("/admin/reload")
        reload.expectJSON(200)
        let reloadBlock = try #require(Self.block(reload), "\(reload)")
        #expect(reloadBlock.capacity == ResponseBlockPool.blockCapacity)
        let head = #"{"status":"reloaded","file":"\#(APIFixture.routesPath)","routes":17,"warnings":[{"file":"#
        #expect(reload.text.hasPrefix(head), "\(reload)")
        #expect(reload.text.hasSuffix(#""}]}"#), "\(reload)")
        #expect(reload["warnings"]?.arrayValue?.map { $0["code"]?.stringValue } == ["overlapping_routes"])
        #expect(Self.goesBack { client.on(.admin).post("/admin/reload") })
    }

    /// A fresh session's view, as the sample table starts it.
    static func freshSession(_ id: String) -> String {
        #"{"session":"\#(id)","version":1,"stack":[],"attributes":{},"parked":null}"#
    }

    /// Whether the reply's block, let go once sent as the server does, is kept by a pool: a pooled
    /// block that nothing else holds.
    static func goesBack(_ send: () -> APIReply) -> Bool {
        guard let storage = block(send())?.storage else { return false }
        return ResponseBlockPool().giveBack(consume storage)
    }

    @Test func aSmallAnswerHasABlockOfItsOwn() throws {
        let reply = try APIFixture.client().get("/healthz")
        reply.expectJSON(200)
        let block = try #require(Self.block(reply))
        #expect(block.capacity < ResponseBlockPool.smallestServed)
        #expect(reply["status"]?.stringValue == "ok")
    }
}
