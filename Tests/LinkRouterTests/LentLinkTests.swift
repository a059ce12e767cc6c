import LinkNavigation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// A bare link is matched and answered from the request body's bytes: nothing that outlives the
/// request may keep them. Each test overwrites the body in place once it is answered; a session
/// still reading the body's bytes would then show the new ones.
@Suite struct LentLinkTests {
    /// No interceptor: the navigation keeps the link lent from match to answer.
    static let table = """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          item: { parent: home, params: { id: int, ref: "string=direct" } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: item, pattern: "/items/{id:int}", screen: item, query: { ref: "string?" } }
        """

    /// Navigates `id` to `link`, sent as the bare body, then overwrites the body's bytes.
    static func navigate(_ client: APIClient, _ id: String, _ link: String) -> APIReply {
        var fields = HTTPHeaders()
        fields.add("Content-Type", "text/plain")
        var request = HTTPRequest(
            method: .post,
            path: "/v1/sessions/\(id)/navigate",
            headers: fields,
            body: Array(link.utf8)
        )
        let reply = APIReply(client.responder.respond(to: request))
        // Held by the request alone: changed in place, not copied.
        request.body.withUnsafeMutableBufferPointer { body in
            for i in body.indices { body[i] = UInt8(ascii: "9") }
        }
        #expect(request.body.count == link.utf8.count)
        return reply
    }

    @Test func theAnswerAndTheSessionKeepNoneOfTheBody() throws {
        let client = try APIFixture.client(yaml: Self.table)
        let id = client.createSession()
        let reply = Self.navigate(client, id, "  t://items/42?ref=newsletter-spring\n")
        reply.expectJSON(200)
        #expect(reply["url"] == "t://items/42?ref=newsletter-spring")
        #expect(reply["route"]?["params"] == ["id": 42, "ref": "newsletter-spring"])
        let stored = client.view(id)
        #expect(Self.item(stored) == ["id": 42, "ref": "newsletter-spring"], "\(stored)")
        // The stored session answers the same after another navigation whose body is overwritten.
        Self.navigate(client, id, "t://").expectJSON(200)
        #expect(client.screens(id) == ["home"])
    }

    @Test func aLinkThatIsNotASCIIIsAnsweredAsSent() throws {
        let client = try APIFixture.client(yaml: Self.table)
        let id = client.createSession()
        let reply = Self.navigate(client, id, "t://items/7?ref=caf\u{E9}-\u{2603}")
        reply.expectJSON(200)
        #expect(reply["url"] == "t://items/7?ref=caf\u{E9}-\u{2603}")
        #expect(Self.item(client.view(id)) == ["id": 7, "ref": "caf\u{E9}-\u{2603}"])
    }

    @Test func aRefusedLinkIsNamedByItsOwnText() throws {
        let client = try APIFixture.client(yaml: Self.table)
        let id = client.createSession()
        let reply = Self.navigate(client, id, "t://nowhere/at-all")
        #expect(reply.expectError(404, "no_route") == ["url": "t://nowhere/at-all"])
    }

    @Test func aParkedLinkIsKeptAsText() throws {
        // The sample table parks `/orders` behind its login flow for a session not signed in.
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let reply = Self.navigate(client, id, "shop://orders?utm_source=mail")
        reply.expectJSON(200)
        #expect(reply["status"] == "parked")
        #expect(client.view(id)["parked"]?["url"] == "shop://orders?utm_source=mail")
        let done = client.post("/v1/sessions/\(id)/flows/login/complete")
        done.expectJSON(200)
        #expect(done["url"] == "shop://orders")
        #expect(done.screens == ["home", "catalog", "orders"])
    }

    /// The params of the stored session's `item` entry.
    static func item(_ session: JSONValue) -> JSONValue? {
        session["stack"]?.arrayValue?.first { $0["screen"] == "item" }?["params"]
    }
}
