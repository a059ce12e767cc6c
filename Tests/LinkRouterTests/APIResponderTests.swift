import Foundation
import LinkNavigation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// `POST /v1/sessions`, `GET` and `DELETE /v1/sessions/{id}`, `PATCH .../attributes` (SPEC §5),
/// through the responder without sockets.
@Suite struct APIResponderSessionTests {
    @Test func createWithoutBody() throws {
        let client = try APIFixture.client()
        let reply = client.post("/v1/sessions")
        reply.expectJSON(201)
        #expect(reply.json.objectValue?.keys == ["session", "version", "stack", "attributes", "parked"])
        let id = try #require(reply["session"]?.stringValue)
        // 128 random bits, base64url without padding.
        #expect(id.utf8.count == 22)
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(reply.response.headers["location"] == "/v1/sessions/" + id)
        #expect(reply["version"] == 1)
        #expect(reply["stack"] == [])
        #expect(reply["attributes"] == [:])
        #expect(reply["parked"] == .null)
        #expect(client.engine.store.count == 1)
        #expect(client.createSession() != id)
    }

    @Test func createWithAttributes() throws {
        let client = try APIFixture.client()
        let reply = client.post("/v1/sessions", ["attributes": ["signed_in": true, "role": "staff", "n": 2, "x": 1.5]])
        reply.expectJSON(201)
        // Attributes are listed by name.
        #expect(reply["attributes"] == ["n": 2, "role": "staff", "signed_in": true, "x": 1.5])
        let id = try #require(reply["session"]?.stringValue)
        #expect(client.view(id) == reply.json)
        // They count: a signed-in session is not parked at the cart.
        #expect(client.navigate(id, "shop://cart")["status"] == "navigated")
    }

    @Test(
        "bad attributes are 400 and create nothing",
        arguments: [
            #"{"attributes":{"a":[1]}}"#,
            #"{"attributes":{"a":{"b":1}}}"#,
            #"{"attributes":{"a":null}}"#,
            #"{"attributes":[1]}"#,
            #"{"attributes":"signed_in"}"#,
            #"{"attrs":{}}"#,
            #"{"attributes":{"a":1}"#,
        ]
    )
    func createWithBadAttributes(body: String) throws {
        let client = try APIFixture.client()
        let reply = client.send(.post, "/v1/sessions", body: body, contentType: "application/json")
        reply.expectError(400, "bad_request")
        #expect(client.engine.store.count == 0)
    }

    @Test func getThenDelete() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/42"])
        let view = client.get("/v1/sessions/\(id)")
        view.expectJSON(200)
        #expect(view["session"]?.stringValue == id)
        #expect(view["version"] == 2)
        #expect(view.screens == ["home", "catalog", "product"])

        let deleted = client.call(.delete, "/v1/sessions/\(id)")
        #expect(deleted.status == 204)
        #expect(deleted.response.body.isEmpty)
        #expect(client.engine.store.count == 0)

        client.get("/v1/sessions/\(id)").expectError(404, "no_session")
        client.call(.delete, "/v1/sessions/\(id)").expectError(404, "no_session")
        client.post("/v1/sessions/\(id)/back").expectError(404, "no_session")
        client.call(.patch, "/v1/sessions/\(id)/attributes", ["a": 1]).expectError(404, "no_session")
        client.post("/v1/sessions/\(id)/flows/login/cancel").expectError(404, "no_session")
    }

    @Test(arguments: ["nope", "not%20an%20id", "a/b", String(repeating: "x", count: 200)])
    func unknownSessionIDs(id: String) throws {
        let client = try APIFixture.client()
        let reply = client.get("/v1/sessions/\(id)")
        if id.contains("/") {
            reply.expectError(404, "not_found")
        } else {
            reply.expectError(404, "no_session")
        }
        client.call(.delete, "/v1/sessions/\(id)").expectError(404, id.contains("/") ? "not_found" : "no_session")
    }

    @Test func patchMergesAndNullRemoves() throws {
        let client = try APIFixture.client()
        let id = client.createSession(attributes: ["signed_in": false, "role": "staff"])

        let merged = client.call(.patch, "/v1/sessions/\(id)/attributes", ["signed_in": true, "n": 1.5])
        merged.expectJSON(200)
        #expect(merged["attributes"] == ["n": 1.5, "role": "staff", "signed_in": true])
        #expect(merged["version"] == 2)
        #expect(merged.json.objectValue?.keys == ["session", "version", "stack", "attributes", "parked"])

        let removed = client.call(.patch, "/v1/sessions/\(id)/attributes", ["role": nil])
        #expect(removed["attributes"] == ["n": 1.5, "signed_in": true])
        #expect(removed["version"] == 3)

        // The same values again change nothing, so the version stays.
        let same = client.call(.patch, "/v1/sessions/\(id)/attributes", ["n": 1.5])
        #expect(same["version"] == 3)

        // The wrapped form, with expect_version.
        let wrapped = client.call(
            .patch,
            "/v1/sessions/\(id)/attributes",
            ["attributes": ["flag": "on"], "expect_version": 3]
        )
        wrapped.expectJSON(200)
        #expect(wrapped["attributes"]?["flag"] == "on")
        #expect(wrapped["version"] == 4)

        // The merged attributes drive interceptors.
        #expect(client.navigate(id, "shop://cart")["status"] == "navigated")
    }

    @Test func patchRefusals() throws {
        let client = try APIFixture.client()
        let id = client.createSession(attributes: ["role": "staff"])
        let detail = client.expectRefused(409, "version_conflict", session: id) {
            client.call(.patch, "/v1/sessions/\(id)/attributes", ["attributes": ["a": 1], "expect_version": 7])
        }
        #expect(detail["version"] == 1)
        #expect(detail["expected"] == 7)
        for body in [#"{"a":[1]}"#, #"{"a":{"b":true}}"#, #"{"a":"#, "[]", #""x""#] {
            client.expectRefused(400, "bad_request", session: id) {
                client.send(.patch, "/v1/sessions/\(id)/attributes", body: body, contentType: "application/json")
            }
        }
        client.expectRefused(405, "method_not_allowed", session: id) {
            client.post("/v1/sessions/\(id)/attributes", ["a": 1])
        }
    }
}

/// `POST /v1/sessions/{id}/navigate`: the body forms, the options, client ids and the four statuses.
@Suite struct APIResponderNavigateTests {
    @Test func jsonBody() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://product/42?ref=mail&utm_source=news")
        reply.expectJSON(200)
        #expect(
            reply.json.objectValue?.keys == [
                "status", "session", "version", "url", "route", "redirects", "interceptors", "stack", "transition",
                "mediation", "parked", "warnings",
            ]
        )
        #expect(reply["status"] == "navigated")
        #expect(reply["session"]?.stringValue == id)
        #expect(reply["version"] == 2)
        #expect(reply["url"] == "shop://product/42?ref=mail")
        #expect(
            reply["route"] == ["name": "product", "pattern": "/product/{id:int}", "params": ["id": 42, "ref": "mail"]]
        )
        #expect(reply["interceptors"] == [["name": "no_tracking", "kind": "strip_query", "outcome": "rewrote"]])
        #expect(reply.screens == ["home", "catalog", "product"])
        #expect(reply["stack"]?.arrayValue?.last?["params"] == ["id": 42, "ref": "mail"])
        #expect(reply["transition"]?.arrayValue?.map { $0["op"] } == ["push", "push", "push"])
        #expect(reply["mediation"]?["payload"] == ["home": [:], "catalog": [:], "product": ["id": 42, "ref": "mail"]])
        #expect(reply["parked"] == .null)
        #expect(client.view(id)["stack"] == reply["stack"])
    }

    @Test(
        "the bare URL as text/plain, form encoding (curl -d) or no content type",
        arguments: [
            "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", nil,
        ] as [String?]
    )
    func bareURL(contentType: String?) throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.send(
            .post,
            "/v1/sessions/\(id)/navigate",
            body: "shop://product/42?ref=mail\n",
            contentType: contentType
        )
        reply.expectJSON(200)
        #expect(reply["route"]?["params"] == ["id": 42, "ref": "mail"])
        #expect(reply.screens == ["home", "catalog", "product"])
        // JSON is still read as JSON when it is sent with such a type.
        let json = client.send(
            .post,
            "/v1/sessions/\(id)/navigate",
            body: #"{"url":"shop://catalog"}"#,
            contentType: contentType
        )
        #expect(json.screens == ["home", "catalog"], "\(json)")
    }

    @Test func bareURLOfAnotherMediaTypeIs415() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        for type in ["application/xml", "multipart/form-data; boundary=x", "image/png"] {
            let detail = client.expectRefused(415, "unsupported_media_type", session: id) {
                client.send(.post, "/v1/sessions/\(id)/navigate", body: "shop://product/1", contentType: type)
            }
            #expect(detail["content_type"]?.stringValue == type)
        }
    }

    @Test func strategies() throws {
        let client = try APIFixture.client()
        // extend pops back to catalog; rebuild replaces the stack with new entries.
        let extend = client.session(at: ["shop://product/1"])
        let extended = client.navigate(extend, "shop://catalog", [("strategy", "extend")])
        #expect(extended.screens == ["home", "catalog"])
        #expect(extended["transition"] == [["op": "pop", "count": 1]])
        let rebuild = client.session(at: ["shop://product/1"])
        let rebuilt = client.navigate(rebuild, "shop://catalog", [("strategy", "rebuild")])
        #expect(rebuilt.screens == ["home", "catalog"])
        #expect(rebuilt["transition"]?.arrayValue?.map { $0["op"] } == ["replace"])
        #expect(rebuilt["transition"]?.arrayValue?.first?["stack"] == rebuilt["stack"])
        // push: reviews may only be pushed from product.
        let push = client.session(at: ["shop://catalog"])
        client.expectRefused(409, "invalid_navigation", session: push) {
            client.navigate(push, "shop://product/1/reviews", [("strategy", "push")])
        }
        #expect(client.navigate(push, "shop://product/1/reviews").screens == ["home", "catalog", "product", "reviews"])
    }

    @Test func via() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://product/42", [("via", ["search"])])
        reply.expectJSON(200)
        #expect(reply.screens == ["home", "search", "product"])
        #expect(reply["mediation"]?["payload"]?["search"] == ["q": nil, "tags": [], "page": 1])
        // A milestone whose required params cannot be filled.
        let other = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(422, "invalid_param", session: other) {
            client.navigate(other, "shop://product/42", [("via", ["order"])])
        }
        #expect(detail == ["screen": "order", "param": "order_id"])
        client.expectRefused(400, "bad_request", session: other) {
            client.navigate(other, "shop://product/42", [("via", ["nowhere"])])
        }
    }

    @Test func expectVersion() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(409, "version_conflict", session: id) {
            client.navigate(id, "shop://product/1", [("expect_version", 1)])
        }
        #expect(detail == ["expected": 1, "version": 2])
        let reply = client.navigate(id, "shop://product/1", [("expect_version", 2)])
        reply.expectJSON(200)
        #expect(reply["version"] == 3)
    }

    @Test func clientIDsCreateUnknownSessions() throws {
        let client = try APIFixture.client()
        let reply = client.navigate("phone-42_A", "shop://product/7")
        reply.expectJSON(200)
        #expect(reply["session"] == "phone-42_A")
        #expect(reply["version"] == 2)
        #expect(client.engine.store.count == 1)
        #expect(client.screens("phone-42_A") == ["home", "catalog", "product"])
        // The second navigation uses the same session.
        #expect(client.navigate("phone-42_A", "shop://catalog").screens == ["home", "catalog"])
        #expect(client.engine.store.count == 1)

        // A refused navigation leaves no session behind.
        client.navigate("phone-43", "shop://nope").expectError(404, "no_route")
        client.navigate("phone-44", "shop://catalog", [("expect_version", 5)]).expectError(409, "version_conflict")
        client.get("/v1/sessions/phone-43").expectError(404, "no_session")
        client.get("/v1/sessions/phone-44").expectError(404, "no_session")
        #expect(client.engine.store.count == 1)

        // An id that cannot be a session id.
        client.navigate("bad.id", "shop://catalog").expectError(400, "bad_request")
        client.navigate(String(repeating: "a", count: 129), "shop://catalog").expectError(400, "bad_request")
        #expect(client.engine.store.count == 1)
    }

    @Test func withoutClientIDsAnUnknownSessionIs404() throws {
        let text = try String(contentsOfFile: APIFixture.routesPath, encoding: .utf8)
        let yaml = text.replacingOccurrences(of: "client_ids: true", with: "client_ids: false")
        #expect(yaml != text)
        let client = try APIFixture.client(yaml: yaml)
        client.navigate("phone-1", "shop://catalog").expectError(404, "no_session")
        client.navigate("bad.id", "shop://catalog").expectError(404, "no_session")
        #expect(client.engine.store.count == 0)
    }

    @Test func statusNavigated() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://p/7")
        #expect(reply["status"] == "navigated")
        #expect(reply["redirects"] == ["shop://product/7"])
        #expect(reply["url"] == "shop://product/7")
        #expect(reply["route"]?["name"] == "product")
    }

    @Test func statusParked() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://cart")
        reply.expectJSON(200)
        #expect(reply["status"] == "parked")
        #expect(reply.screens == ["home", "login"])
        #expect(reply["stack"]?.arrayValue?.last?["presentation"] == "modal")
        #expect(reply["parked"] == ["flow": "login", "url": "shop://cart", "strategy": nil, "via": []])
        #expect(
            reply["interceptors"]?.arrayValue?.last == ["name": "signed_in", "kind": "require", "outcome": "parked"]
        )
        #expect(client.view(id)["parked"] == reply["parked"])
    }

    @Test func statusRedirectedScreen() throws {
        let client = try APIFixture.client()
        let id = client.createSession(attributes: ["signed_in": true, "new_checkout": true])
        let reply = client.navigate(id, "shop://checkout", headers: [(name: "X-App-Version", value: "1.9.0")])
        reply.expectJSON(200)
        #expect(reply["status"] == "redirected_screen")
        #expect(reply.screens == ["update_required"])
        #expect(
            reply["interceptors"]?.arrayValue?.last == [
                "name": "modern_client", "kind": "min_version", "outcome": "showed_screen",
            ]
        )
        // A recent client reaches the checkout.
        let other = client.session(at: ["shop://cart"], attributes: ["signed_in": true, "new_checkout": true])
        let reached = client.navigate(other, "shop://checkout", headers: [(name: "X-App-Version", value: "2.4.0")])
        #expect(reached["status"] == "navigated")
        #expect(reached.screens == ["home", "cart", "checkout"])
    }

    @Test func statusUnchanged() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/42?ref=mail"])
        let reply = client.navigate(id, "shop://product/42?ref=mail")
        reply.expectJSON(200)
        #expect(reply["status"] == "unchanged")
        #expect(reply["version"] == 2)
        #expect(reply["transition"] == [])
        #expect(client.view(id)["version"] == 2)
    }

    @Test func warnings() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://catalog/shoes?sort=cheapest")
        reply.expectJSON(200)
        #expect(reply["route"]?["params"] == ["slug": "shoes", "sort": "rating"])
        #expect(reply["warnings"]?.arrayValue?.map { $0["code"] } == ["invalid_query_value"])
        #expect(reply["warnings"]?.arrayValue?.first?["param"] == "sort")
    }
}
