import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// The stack operations `back`, `pop-to-root`, `pop-to`, `pop-before`, `dismiss`, `restart` and
/// `trail`, with their errors: a refused operation leaves the session exactly as it was.
@Suite struct APIResponderStackTests {
    /// A session at home > catalog > product 42 > reviews.
    private func deepSession(_ client: APIClient) -> String {
        let id = client.session(at: ["shop://product/42/reviews"])
        #expect(client.screens(id) == ["home", "catalog", "product", "reviews"])
        return id
    }

    @Test func back() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let reply = client.post("/v1/sessions/\(id)/back")
        reply.expectJSON(200)
        #expect(reply["status"] == "navigated")
        #expect(reply["version"] == 3)
        #expect(reply.screens == ["home", "catalog", "product"])
        #expect(reply["transition"] == [["op": "pop", "count": 1]])
        #expect(reply["mediation"]?["source"]?["screen"] == "reviews")
        #expect(reply["mediation"]?["destination"]?["screen"] == "product")
        #expect(reply["url"] == .null)
        #expect(reply["route"] == .null)
        #expect(client.view(id)["stack"] == reply["stack"])
    }

    @Test func backOnOneEntryIs409() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://"])
        #expect(client.screens(id) == ["home"])
        client.expectRefused(409, "invalid_navigation", session: id) { client.post("/v1/sessions/\(id)/back") }
        let empty = client.createSession()
        client.expectRefused(409, "invalid_navigation", session: empty) { client.post("/v1/sessions/\(empty)/back") }
    }

    @Test func popToRoot() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let reply = client.post("/v1/sessions/\(id)/pop-to-root")
        reply.expectJSON(200)
        #expect(reply.screens == ["home"])
        #expect(reply["transition"] == [["op": "pop", "count": 3]])
        // Already at the root: unchanged, same version.
        let again = client.post("/v1/sessions/\(id)/pop-to-root")
        #expect(again["status"] == "unchanged")
        #expect(again["version"] == reply["version"])
    }

    @Test func popTo() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let reply = client.post("/v1/sessions/\(id)/pop-to", ["screen": "catalog"])
        reply.expectJSON(200)
        #expect(reply.screens == ["home", "catalog"])
        #expect(reply["transition"] == [["op": "pop", "count": 2]])
    }

    @Test func popBefore() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let reply = client.post("/v1/sessions/\(id)/pop-before", ["screen": "product"])
        reply.expectJSON(200)
        #expect(reply.screens == ["home", "catalog"])
    }

    @Test(arguments: ["pop-to", "pop-before"])
    func popToErrors(operation: String) throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let path = "/v1/sessions/\(id)/\(operation)"
        // An unknown screen is a bad request; a known one that is not on the stack cannot be popped to.
        let detail = client.expectRefused(400, "bad_request", session: id) { client.post(path, ["screen": "nowhere"]) }
        #expect(detail["screen"] == "nowhere")
        client.expectRefused(409, "invalid_navigation", session: id) { client.post(path, ["screen": "cart"]) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["screen": 3]) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["screen": "home", "urls": []]) }
        client.expectRefused(409, "version_conflict", session: id) {
            client.post(path, ["screen": "home", "expect_version": 1])
        }
    }

    @Test func dismiss() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/1", "shop://settings"])
        #expect(client.screens(id) == ["home", "catalog", "product", "settings"])
        let reply = client.post("/v1/sessions/\(id)/dismiss")
        reply.expectJSON(200)
        #expect(reply.screens == ["home", "catalog", "product"])
        #expect(reply["transition"] == [["op": "dismiss"]])
        // No modal layer left.
        client.expectRefused(409, "invalid_navigation", session: id) { client.post("/v1/sessions/\(id)/dismiss") }
    }

    @Test func restart() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        let reply = client.post("/v1/sessions/\(id)/restart")
        reply.expectJSON(200)
        #expect(reply.screens == ["home"])
        let entry = try #require(reply["stack"]?.arrayValue?.first)
        #expect(entry["presentation"] == "root")
        #expect(entry["id"] != "e1")
        #expect(reply["transition"]?.arrayValue?.map { $0["op"] } == ["replace"])
        let empty = client.createSession()
        client.expectRefused(409, "invalid_navigation", session: empty) { client.post("/v1/sessions/\(empty)/restart") }
    }

    @Test func trail() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://cart"])
        let reply = client.post(
            "/v1/sessions/\(id)/trail",
            ["urls": ["shop://", "shop://catalog", "shop://p/42", "shop://product/42/reviews/2"]]
        )
        reply.expectJSON(200)
        #expect(reply.screens == ["home", "catalog", "product", "reviews"])
        #expect(reply["stack"]?.arrayValue?.last?["params"] == ["id": 42, "page": 2])
        #expect(reply["transition"]?.arrayValue?.map { $0["op"] } == ["replace"])
        // The parked cart navigation went with the login layer.
        #expect(reply["parked"] == .null)
        #expect(client.view(id)["parked"] == .null)
    }

    @Test func trailErrors() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let path = "/v1/sessions/\(id)/trail"
        client.expectRefused(404, "no_route", session: id) { client.post(path, ["urls": ["shop://", "shop://nope"]]) }
        client.expectRefused(400, "malformed_url", session: id) { client.post(path, ["urls": ["shop://product/%zz"]]) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["urls": []]) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["urls": "shop://"]) }
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["urls": [1]]) }
        client.expectRefused(400, "bad_request", session: id) {
            client.post(path, ["urls": ["shop://"], "screen": "home"])
        }
        client.expectRefused(409, "version_conflict", session: id) {
            client.post(path, ["urls": ["shop://"], "expect_version": 9])
        }
    }

    @Test(arguments: ["back", "pop-to-root", "dismiss", "restart"])
    func operationsWithoutArguments(operation: String) throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/1", "shop://settings"])
        let path = "/v1/sessions/\(id)/\(operation)"
        client.expectRefused(400, "bad_request", session: id) { client.post(path, ["screen": "home"]) }
        client.expectRefused(409, "version_conflict", session: id) { client.post(path, ["expect_version": 1]) }
        client.expectRefused(405, "method_not_allowed", session: id) { client.get(path) }
        let reply = client.post(path, ["expect_version": 3])
        reply.expectJSON(200)
        #expect(reply["version"] == 4)
    }

    @Test func unknownOperationIs404() throws {
        let client = try APIFixture.client()
        let id = deepSession(client)
        client.expectRefused(404, "not_found", session: id) { client.post("/v1/sessions/\(id)/forward") }
        client.post("/v1/sessions/nope/back").expectError(404, "no_session")
    }
}

/// `POST /v1/sessions/{id}/flows/{flow}/complete` and `.../cancel`.
@Suite struct APIResponderFlowTests {
    @Test func completeResumesTheParkedNavigation() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let parked = client.navigate(id, "shop://cart")
        #expect(parked["status"] == "parked")
        #expect(parked.screens == ["home", "catalog", "login"])

        let reply = client.post("/v1/sessions/\(id)/flows/login/complete")
        reply.expectJSON(200)
        #expect(reply["status"] == "navigated")
        #expect(reply["url"] == "shop://cart")
        #expect(reply.screens == ["home", "catalog", "cart"])
        #expect(reply["transition"]?.arrayValue?.map { $0["op"] } == ["dismiss", "push"])
        #expect(reply["parked"] == .null)
        #expect(
            reply["interceptors"] == [
                ["name": "no_tracking", "kind": "strip_query", "outcome": "passed"],
                ["name": "signed_in", "kind": "require", "outcome": "passed"],
            ]
        )
        let view = client.view(id)
        #expect(view["attributes"] == ["signed_in": true])
        #expect(view["parked"] == .null)
        // Nothing is parked any more.
        client.expectRefused(409, "invalid_navigation", session: id) {
            client.post("/v1/sessions/\(id)/flows/login/complete")
        }
    }

    @Test func completeRunsTheInterceptorsAgain() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"], attributes: ["new_checkout": true])
        #expect(client.navigate(id, "shop://checkout")["status"] == "parked")
        // With the flow's attributes merged, the version check now shows update_required.
        let reply = client.call(
            .post,
            "/v1/sessions/\(id)/flows/login/complete",
            ["attributes": ["role": "staff"]],
            headers: [(name: "X-App-Version", value: "1.0.0")]
        )
        reply.expectJSON(200)
        #expect(reply["status"] == "redirected_screen")
        #expect(reply.screens.last == "update_required")
        #expect(
            reply["interceptors"]?.arrayValue?.map { $0["outcome"] } == ["passed", "passed", "passed", "showed_screen"]
        )
        #expect(client.view(id)["attributes"] == ["new_checkout": true, "role": "staff", "signed_in": true])

        // Attributes given at completion count too: the feature is switched off, so the checkout
        // redirects to the cart.
        let other = client.session(at: ["shop://catalog"], attributes: ["new_checkout": true])
        #expect(client.navigate(other, "shop://checkout")["status"] == "parked")
        let redirected = client.post(
            "/v1/sessions/\(other)/flows/login/complete",
            ["attributes": ["new_checkout": nil]]
        )
        #expect(redirected["status"] == "navigated")
        #expect(redirected["url"] == "shop://cart")
        #expect(redirected["redirects"] == ["shop://cart"])
        #expect(redirected.screens == ["home", "catalog", "cart"])
    }

    @Test func cancelRestoresTheStack() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/1"])
        let before = client.view(id)
        #expect(client.navigate(id, "shop://orders")["status"] == "parked")
        let reply = client.post("/v1/sessions/\(id)/flows/login/cancel")
        reply.expectJSON(200)
        #expect(reply["stack"] == before["stack"])
        #expect(reply["transition"] == [["op": "dismiss"]])
        #expect(reply["parked"] == .null)
        let after = client.view(id)
        #expect(after["stack"] == before["stack"])
        #expect(after["attributes"] == [:])
        #expect(after["parked"] == .null)
    }

    @Test func flowErrors() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        for operation in ["complete", "cancel"] {
            client.expectRefused(409, "invalid_navigation", session: id) {
                client.post("/v1/sessions/\(id)/flows/login/\(operation)")
            }
            let detail = client.expectRefused(404, "not_found", session: id) {
                client.post("/v1/sessions/\(id)/flows/nope/\(operation)")
            }
            #expect(detail["flow"] == "nope")
            client.expectRefused(405, "method_not_allowed", session: id) {
                client.get("/v1/sessions/\(id)/flows/login/\(operation)")
            }
        }
        client.expectRefused(404, "not_found", session: id) { client.post("/v1/sessions/\(id)/flows/login/finish") }

        _ = client.navigate(id, "shop://cart")
        client.expectRefused(400, "bad_request", session: id) {
            client.post("/v1/sessions/\(id)/flows/login/complete", ["attributes": ["a": [1]]])
        }
        client.expectRefused(400, "bad_request", session: id) {
            client.post("/v1/sessions/\(id)/flows/login/complete", ["attrs": [:]])
        }
        client.expectRefused(400, "bad_request", session: id) {
            client.post("/v1/sessions/\(id)/flows/login/cancel", ["attributes": [:]])
        }
        client.expectRefused(409, "version_conflict", session: id) {
            client.post("/v1/sessions/\(id)/flows/login/complete", ["expect_version": 1])
        }
        client.post("/v1/sessions/nope/flows/login/complete").expectError(404, "no_session")
    }
}
