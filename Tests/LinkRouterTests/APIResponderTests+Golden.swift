import Foundation
import LinkNavigation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// One representative answer per endpoint and one error per status, compared byte for byte with
/// `Fixtures/golden/NAME.json` (the session id replaced by `SESSION`).
///
/// After an intended change of the answers: `UPDATE_GOLDEN=1 swift test --filter APIResponderGolden`
/// rewrites the files; review them with `git diff`.
@Suite(.serialized) struct APIResponderGoldenTests {
    /// Every golden file, so that a stale or missing one is noticed.
    static let names: Set<String> = [
        "navigate_cold_product", "navigate_parked_cart", "stack_back", "session_view", "links", "resolve", "routes",
        "apple_app_site_association", "assetlinks", "healthz",
        "error_400_malformed_url", "error_401_unauthorized", "error_403_rejected", "error_404_no_route",
        "error_405_method_not_allowed", "error_409_version_conflict", "error_415_unsupported_media_type",
        "error_422_invalid_param", "error_503_session_limit", "error_508_redirect_loop",
    ]

    @Test func navigateColdProductLink() throws {
        let client = try APIFixture.client()
        let id = client.createSession()
        let reply = client.navigate(id, "shop://product/42?ref=mail&utm_source=newsletter")
        reply.expectJSON(200)
        try Golden.check("navigate_cold_product", reply, session: id)
    }

    @Test func navigateParkedCart() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let reply = client.send(.post, "/v1/sessions/\(id)/navigate", body: "shop://cart", contentType: "text/plain")
        reply.expectJSON(200)
        try Golden.check("navigate_parked_cart", reply, session: id)
    }

    @Test func stackBack() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/42/reviews/2"])
        let reply = client.post("/v1/sessions/\(id)/back", ["expect_version": 2])
        reply.expectJSON(200)
        try Golden.check("stack_back", reply, session: id)
    }

    @Test func sessionView() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/7", "shop://cart"], attributes: ["role": "staff", "score": 2.5])
        let reply = client.get("/v1/sessions/\(id)")
        reply.expectJSON(200)
        try Golden.check("session_view", reply, session: id)
    }

    @Test func links() throws {
        let client = try APIFixture.client()
        let reply = client.post(
            "/v1/links",
            [
                "route": "search", "params": ["q": "red shoes", "tags": ["sale", "new"]],
                "source": "https://shop.example.com",
            ]
        )
        reply.expectJSON(200)
        try Golden.check("links", reply)
    }

    @Test func resolve() throws {
        let client = try APIFixture.client()
        let reply = client.post(
            "/v1/resolve",
            [
                "url": "shop://checkout", "stack": ["home", "cart"],
                "attributes": ["signed_in": true, "new_checkout": true], "headers": ["X-App-Version": "2.4.0"],
            ]
        )
        reply.expectJSON(200)
        try Golden.check("resolve", reply)
    }

    @Test func routes() throws {
        let reply = try APIFixture.client().get("/v1/routes")
        reply.expectJSON(200)
        try Golden.check("routes", reply)
    }

    @Test func associationFiles() throws {
        let client = try APIFixture.client()
        let apple = client.get("/.well-known/apple-app-site-association")
        apple.expectJSON(200)
        try Golden.check("apple_app_site_association", apple)
        let android = client.get("/.well-known/assetlinks.json")
        android.expectJSON(200)
        try Golden.check("assetlinks", android)
    }

    @Test func healthz() throws {
        let client = try APIFixture.client()
        _ = client.createSession()
        let reply = client.get("/healthz")
        reply.expectJSON(200)
        try Golden.check("healthz", reply)
        #expect(client.on(.admin).get("/healthz").text == reply.text)
    }

    @Test func errors() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let cases: [(String, Int, String, APIReply)] = [
            ("error_400_malformed_url", 400, "malformed_url", client.navigate(id, "shop://product/%zz")),
            (
                "error_401_unauthorized", 401, "unauthorized",
                client.on(.admin, adminToken: "s3cret").call(
                    .post,
                    "/admin/reload",
                    headers: [(name: "Authorization", value: "Bearer nope")]
                )
            ),
            ("error_403_rejected", 403, "staff_only", client.navigate(id, "https://shop.example.com/staff/orders")),
            ("error_404_no_route", 404, "no_route", client.navigate(id, "shop://nope/1")),
            ("error_405_method_not_allowed", 405, "method_not_allowed", client.send(.put, "/v1/sessions/\(id)")),
            (
                "error_409_version_conflict", 409, "version_conflict",
                client.navigate(id, "shop://cart", [("expect_version", 1)])
            ),
            (
                "error_415_unsupported_media_type", 415, "unsupported_media_type",
                client.send(.post, "/v1/sessions", body: "<session/>", contentType: "application/xml")
            ),
            (
                "error_422_invalid_param", 422, "invalid_param",
                client.navigate(id, "shop://product/1", [("via", ["order"])])
            ),
        ]
        for (name, status, code, reply) in cases {
            reply.expectError(status, code)
            try Golden.check(name, reply, session: id)
        }

        let full = APIClient(try APIFixture.engine(store: SessionStore(configuration: .init(maxSessions: 0))))
        let limit = full.post("/v1/sessions")
        limit.expectError(503, "session_limit")
        try Golden.check("error_503_session_limit", limit)

        let loops = try APIFixture.client(yaml: APIResponderErrorTests.loopTable)
        let loop = loops.navigate("golden", "t://a")
        loop.expectError(508, "redirect_loop")
        try Golden.check("error_508_redirect_loop", loop)
    }

    /// Runs last (the suite is serialized): every golden file is there, expected, and valid JSON
    /// to Foundation as well.
    @Test func everyGoldenFileParsesWithFoundation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Golden.directory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Self.names)
        for file in files {
            let data = try Data(contentsOf: Golden.directory.appendingPathComponent(file))
            #expect(data.last == UInt8(ascii: "\n"), "\(file) ends with a newline")
            #expect(data.dropLast().contains(UInt8(ascii: "\n")) == false, "\(file) is one line")
            let parsed = try JSONSerialization.jsonObject(with: data)
            #expect(parsed is [String: Any] || parsed is [Any], "\(file)")
            // The strict parser agrees, and reads the same document.
            let value = try JSONParser().parse(Array(data.dropLast()))
            #expect(FoundationJSON.difference(parsed, value) == nil, "\(file)")
            if file.hasPrefix("error_") {
                #expect(value.objectValue?.keys == ["error"], "\(file)")
                #expect(value["error"]?.objectValue?.keys == ["code", "message", "detail"], "\(file)")
            }
        }
    }
}
