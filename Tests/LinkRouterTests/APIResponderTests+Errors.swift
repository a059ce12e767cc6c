import Foundation
import LinkNavigation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// Every error status of SPEC §5 the responder answers (413 and 414 are the HTTP server's), in the
/// error shape, with the session unchanged after each.
@Suite struct APIResponderErrorTests {
    @Test(
        "unknown paths are 404 not_found",
        arguments: [
            "/", "/v1", "/v2/sessions", "/v1/nope", "/v1/routes/product", "/v1/links/x", "/v1/resolve/x",
            "/v1/sessions/x/navigate/now", "/v1/sessions/x/flows", "/v1/sessions/x/flows/login",
            "/v1/sessions/x/flows/login/complete/now", "/.well-known", "/.well-known/x", "/admin/reload",
            "/metrics", "/healthz/now", "//v1/routes", "/V1/routes",
        ]
    )
    func notFound(path: String) throws {
        let client = try APIFixture.client()
        for method in [HTTPMethod.get, .post] {
            client.send(method, path).expectError(404, "not_found")
        }
    }

    @Test(
        "a wrong method is 405 with Allow",
        arguments: [
            ("PUT", "/v1/sessions/x", "GET, DELETE, HEAD"),
            ("GET", "/v1/sessions", "POST"),
            ("DELETE", "/v1/routes", "GET, HEAD"),
            ("GET", "/v1/sessions/x/navigate", "POST"),
            ("PUT", "/v1/sessions/x/attributes", "PATCH"),
            ("GET", "/v1/sessions/x/trail", "POST"),
            ("GET", "/v1/links", "POST"),
            ("PATCH", "/v1/resolve", "POST"),
            ("POST", "/healthz", "GET, HEAD"),
            ("OPTIONS", "/.well-known/apple-app-site-association", "GET, HEAD"),
            ("BREW", "/v1/sessions", "POST"),
        ]
    )
    func methodNotAllowed(method: String, path: String, allow: String) throws {
        let client = try APIFixture.client()
        let reply = client.send(HTTPMethod(method), path)
        reply.expectError(405, "method_not_allowed")
        #expect(reply.response.headers["allow"] == allow)
        #expect(client.engine.store.count == 0)
    }

    @Test(
        "malformed URLs are 400 malformed_url naming the component",
        arguments: [
            ("shop://product/%zz", "path"),
            ("shop://product/%C3%28", "path"),
            ("shop://product/../cart", "path"),
            ("shop://search?q=%zz", "query"),
        ]
    )
    func malformedURL(url: String, component: String) throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(400, "malformed_url", session: id) { client.navigate(id, url) }
        #expect(detail["component"]?.stringValue == component)
        #expect(detail["reason"]?.stringValue?.isEmpty == false)
        #expect(detail["offset"]?.intValue != nil)
    }

    /// Bodies of a navigation that are not acceptable: invalid JSON, unknown fields, wrong types,
    /// nesting deeper than the parser allows.
    static let badBodies: [String] = [
        #"{"url":"#,
        #"{"url":"shop://catalog",}"#,
        #"{"url":"shop://catalog","url":"shop://"}"#,
        #"{"url":"shop://catalog","colour":"red"}"#,
        #"{"url":42}"#,
        #"{"url":""}"#,
        #"{}"#,
        #"{"url":"shop://catalog","via":"search"}"#,
        #"{"url":"shop://catalog","via":[1]}"#,
        #"{"url":"shop://catalog","strategy":"sideways"}"#,
        #"{"url":"shop://catalog","strategy":1}"#,
        #"{"url":"shop://catalog","expect_version":"2"}"#,
        #"{"url":"shop://catalog","expect_version":2.5}"#,
        #"{"url":"shop://catalog","expect_version":1e400}"#,
        #"["shop://catalog"]"#,
        #""shop://catalog""#,
        "{\"url\":\"shop://\u{1}\"}",
        #"{"url":"shop://catalog","via":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
            + "}",
        String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40),
    ]

    @Test("invalid bodies are 400 bad_request", arguments: badBodies)
    func badRequest(body: String) throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        client.expectRefused(400, "bad_request", session: id) {
            client.send(.post, "/v1/sessions/\(id)/navigate", body: body, contentType: "application/json")
        }
    }

    @Test func noRouteWithFallbackURLs() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(404, "no_route", session: id) {
            client.navigate(id, "shop://nope/deeper?x=1")
        }
        #expect(detail["url"] == "shop://nope/deeper?x=1")
        #expect(
            detail["fallback"] == [
                "web": "https://shop.example.com/nope/deeper?x=1",
                "ios": "https://apps.apple.com/app/id1",
                "android": "https://play.google.com/store/apps/details?id=com.example.shop",
            ]
        )
        // A web link on a host the app does not own, and a path param that fails its type.
        for url in [
            "https://evil.example.com/product/1", "shop://product/abc", "shop://welcome/9", "other://product/1",
        ] {
            client.expectRefused(404, "no_route", session: id) { client.navigate(id, url) }
        }
        let web = client.expectRefused(404, "no_route", session: id) {
            client.navigate(id, "https://shop.example.com/nope")
        }
        #expect(web["fallback"]?["web"] == "https://shop.example.com/nope")
    }

    @Test func noRouteWithoutFallbackConfigured() throws {
        let client = try APIFixture.client(yaml: APIResponderErrorTests.loopTable)
        let id = client.createSession()
        let detail = client.expectRefused(404, "no_route", session: id) { client.navigate(id, "t://nope") }
        #expect(detail == ["url": "t://nope"])
    }

    @Test func rejectedWithTheConfiguredStatusAndCode() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(403, "staff_only", session: id) {
            client.navigate(id, "https://shop.example.com/staff/orders")
        }
        #expect(detail == ["interceptor": "staff_only"])
        // The header alone passes, unless the session is banned; the role passes.
        let token = [(name: "X-Staff-Token", value: "t")]
        #expect(client.navigate(id, "https://shop.example.com/staff/orders", headers: token)["status"] == "navigated")
        let banned = client.session(at: ["shop://catalog"], attributes: ["banned": true])
        client.expectRefused(403, "staff_only", session: banned) {
            client.navigate(banned, "https://shop.example.com/staff/orders", headers: token)
        }
        let staff = client.createSession(attributes: ["role": "admin"])
        #expect(client.navigate(staff, "https://shop.example.com/staff/orders").screens == ["home", "orders"])
    }

    @Test func invalidParam() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let detail = client.expectRefused(422, "invalid_param", session: id) {
            client.navigate(id, "shop://product/1", [("via", ["order"])])
        }
        #expect(detail == ["screen": "order", "param": "order_id"])
    }

    @Test func unsupportedMediaType() throws {
        let client = try APIFixture.client()
        let create = client.send(.post, "/v1/sessions", body: "<attributes/>", contentType: "application/xml")
        let detail = create.expectError(415, "unsupported_media_type")
        #expect(detail == ["content_type": "application/xml"])
        #expect(client.engine.store.count == 0)
        let id = client.session(at: ["shop://catalog"])
        client.expectRefused(415, "unsupported_media_type", session: id) {
            client.send(.post, "/v1/sessions/\(id)/back", body: "<back/>", contentType: "text/xml")
        }
        client.expectRefused(415, "unsupported_media_type", session: id) {
            client.send(.patch, "/v1/sessions/\(id)/attributes", body: "a=1", contentType: "multipart/form-data")
        }
        client.post("/v1/links").expectError(400, "bad_request")
        client.send(.post, "/v1/links", body: #"{"route":"home"}"#, contentType: "application/yaml")
            .expectError(415, "unsupported_media_type")
        // JSON under its structured-syntax suffix is JSON.
        let problem = client.send(
            .post,
            "/v1/links",
            body: #"{"route":"home","params":{}}"#,
            contentType: "application/vnd.shop+json"
        )
        problem.expectJSON(200)
    }

    @Test func sessionLimit() throws {
        let engine = try APIFixture.engine(store: SessionStore(configuration: .init(maxSessions: 1)))
        let client = APIClient(engine)
        let id = client.session(at: ["shop://catalog"])
        let before = client.view(id)
        client.post("/v1/sessions").expectError(503, "session_limit")
        client.post("/v1/sessions", ["attributes": ["a": 1]]).expectError(503, "session_limit")
        // A client id that would create a second session.
        client.navigate("phone-2", "shop://catalog").expectError(503, "session_limit")
        #expect(client.engine.store.count == 1)
        #expect(client.view(id) == before)
        // The existing session still navigates; deleting it makes room.
        #expect(client.navigate(id, "shop://product/1").status == 200)
        #expect(client.call(.delete, "/v1/sessions/\(id)").status == 204)
        client.post("/v1/sessions").expectJSON(201)
    }

    /// Redirects that loop only at run time: interceptor redirects behind feature flags, which the
    /// load-time check (it follows route-level redirects only) does not see.
    static let loopTable = """
        app: { name: t, schemes: [t], redirect_limit: 2 }
        screens: { home: {}, shelf: { parent: home } }
        interceptors:
          to_b: { kind: feature, flag: fa, else: { redirect: "/b" } }
          to_a: { kind: feature, flag: fb, else: { redirect: "/a" } }
          to_c2: { kind: feature, flag: fc, else: { redirect: "/c2" } }
          to_c3: { kind: feature, flag: fc, else: { redirect: "/c3" } }
          to_c4: { kind: feature, flag: fc, else: { redirect: "/c4" } }
        flags: { fa: false, fb: false, fc: false }
        sessions: { client_ids: true, max_depth: 3 }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: shelf, pattern: "/shelf", screen: shelf }
          - { name: a, pattern: "/a", screen: shelf, interceptors: [to_b] }
          - { name: b, pattern: "/b", screen: shelf, interceptors: [to_a] }
          - { name: c1, pattern: "/c1", screen: shelf, interceptors: [to_c2] }
          - { name: c2, pattern: "/c2", screen: shelf, interceptors: [to_c3] }
          - { name: c3, pattern: "/c3", screen: shelf, interceptors: [to_c4] }
          - { name: c4, pattern: "/c4", screen: shelf }
        """

    @Test func redirectLoop() throws {
        let client = try APIFixture.client(yaml: Self.loopTable)
        let id = client.session(at: ["t://shelf"])
        let detail = client.expectRefused(508, "redirect_loop", session: id) { client.navigate(id, "t://a") }
        #expect(detail == ["chain": ["t://a", "t://b", "t://a"]])
        // With the flag on in the session, /a stays put.
        let on = client.session(at: ["t://"], attributes: ["fa": true])
        #expect(client.navigate(on, "t://a")["status"] == "navigated")
        // A dry run refuses it the same way.
        client.post("/v1/resolve", ["url": "t://b"]).expectError(508, "redirect_loop")
    }

    @Test func tooManyRedirects() throws {
        let client = try APIFixture.client(yaml: Self.loopTable)
        let id = client.session(at: ["t://shelf"])
        let detail = client.expectRefused(508, "too_many_redirects", session: id) { client.navigate(id, "t://c1") }
        #expect(detail == ["chain": ["t://c1", "t://c2", "t://c3", "t://c4"]])
        // Two redirects are within the limit.
        let reply = client.navigate(id, "t://c2")
        #expect(reply["redirects"] == ["t://c3", "t://c4"])
        #expect(reply["route"]?["name"] == "c4")
    }

    /// SPEC §4: a chain of route-level redirects longer than `redirect_limit` is 508
    /// `too_many_redirects` at run time. SPEC §2.2 does not list it among the load errors, so the
    /// table loads, with a `too_many_redirects` warning.
    @Test func routeLevelChainOverTheLimitLoadsAndIs508() throws {
        let yaml = """
            app: { name: t, schemes: [t], redirect_limit: 1 }
            screens: { home: {}, shelf: { parent: home } }
            sessions: { client_ids: true }
            routes:
              - { name: home, pattern: "/", screen: home }
              - { name: shelf, pattern: "/shelf", screen: shelf }
              - { name: r1, pattern: "/r1", redirect: "/r2" }
              - { name: r2, pattern: "/r2", redirect: "/shelf" }
            """
        let loaded = try ConfigLoader.load(text: yaml, file: "test.yaml")
        let warning = try #require(loaded.warnings.first { $0.code == "too_many_redirects" })
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 7)
        let client = APIClient(Engine(config: loaded))
        let id = client.session(at: ["t://"])
        let detail = client.expectRefused(508, "too_many_redirects", session: id) { client.navigate(id, "t://r1") }
        #expect(detail == ["chain": ["t://r1", "t://r2", "t://shelf"]])
        // One redirect is within the limit.
        #expect(client.navigate(id, "t://r2")["route"]?["name"] == "shelf")
    }

    @Test func redirectFailuresMapTo508() {
        let loop = APIError(NavigationFailure.redirectLoop(["shop://a", "shop://b", "shop://a"]))
        #expect(loop.status == 508)
        #expect(loop.code == "redirect_loop")
        #expect(loop.detail == ["chain": ["shop://a", "shop://b", "shop://a"]])
        let many = APIError(NavigationFailure.tooManyRedirects(["shop://a", "shop://b"]))
        #expect(many.status == 508)
        #expect(many.code == "too_many_redirects")
        let reply = APIReply(many.response)
        reply.expectError(508, "too_many_redirects")
    }

    @Test func stackTooDeep() throws {
        let text = try String(contentsOfFile: APIFixture.routesPath, encoding: .utf8)
        let yaml = text.replacingOccurrences(of: "max_depth: 64", with: "max_depth: 3")
        #expect(yaml != text)
        let client = try APIFixture.client(yaml: yaml)
        let id = client.session(at: ["shop://product/42"])
        #expect(client.screens(id) == ["home", "catalog", "product"])
        let detail = client.expectRefused(409, "stack_too_deep", session: id) {
            client.navigate(id, "shop://product/42/reviews")
        }
        #expect(detail == ["limit": 3])
        client.expectRefused(409, "stack_too_deep", session: id) {
            client.navigate(id, "shop://search", [("strategy", "push")])
        }
        client.expectRefused(409, "stack_too_deep", session: id) {
            client.post(
                "/v1/sessions/\(id)/trail",
                ["urls": ["shop://", "shop://catalog", "shop://p/1", "shop://search"]]
            )
        }
        // Parking the login layer on top would be a fourth entry too.
        client.expectRefused(409, "stack_too_deep", session: id) { client.navigate(id, "shop://orders") }
    }

    @Test func versionConflictCarriesTheCurrentVersion() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog", "shop://product/1"])
        for (path, body) in [
            ("navigate", ["url": "shop://", "expect_version": 1] as JSONValue),
            ("back", ["expect_version": 2]),
            ("pop-to", ["screen": "home", "expect_version": 0]),
            ("trail", ["urls": ["shop://"], "expect_version": -1]),
        ] {
            let detail = client.expectRefused(409, "version_conflict", session: id) {
                client.post("/v1/sessions/\(id)/\(path)", body)
            }
            #expect(detail["version"] == 3)
        }
    }

    /// Random bodies (random JSON, fields of the right names with random values, random bytes) on
    /// every endpoint that reads one: each answer is JSON with a status of SPEC §5, and a refused
    /// request leaves the session as it was.
    @Test(arguments: 0..<4)
    func garbageIsRefusedCleanly(round: Int) throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/1"])
        let endpoints: [(HTTPMethod, String, [String])] = [
            (.post, "/v1/sessions", ["attributes"]),
            (.post, "/v1/sessions/\(id)/navigate", ["url", "strategy", "via", "expect_version"]),
            (.post, "/v1/sessions/\(id)/back", ["expect_version"]),
            (.post, "/v1/sessions/\(id)/pop-to", ["screen", "expect_version"]),
            (.post, "/v1/sessions/\(id)/pop-before", ["screen"]),
            (.post, "/v1/sessions/\(id)/trail", ["urls", "expect_version"]),
            (.patch, "/v1/sessions/\(id)/attributes", ["attributes", "expect_version", "signed_in"]),
            (.post, "/v1/sessions/\(id)/flows/login/complete", ["attributes", "expect_version"]),
            (.post, "/v1/sessions/\(id)/flows/login/cancel", ["expect_version"]),
            (.post, "/v1/links", ["route", "params", "source"]),
            (.post, "/v1/resolve", ["url", "stack", "attributes", "headers", "strategy", "via"]),
        ]
        let statuses: Set<Int> = [200, 201, 400, 403, 404, 409, 415, 422, 503, 508]
        var random = RandomJSON(seed: round)
        var before = client.view(id)
        for iteration in 0..<100 {
            for (method, path, fields) in endpoints {
                let bytes: [UInt8]
                switch iteration % 3 {
                case 0:
                    bytes = random.value(depth: 0).jsonBytes
                case 1:
                    var object = JSONObject()
                    for field in fields where Bool.random(using: &random) {
                        object.append(key: field, value: random.value(depth: 2))
                    }
                    bytes = JSONValue.object(object).jsonBytes
                default:
                    bytes = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                        UInt8.random(in: 0...255, using: &random)
                    }
                }
                let type = ["application/json", "text/plain", nil][iteration % 3 == 2 ? 1 : 0]
                let reply = client.send(method, path, bytes: bytes, contentType: type)
                let input = String(decoding: bytes, as: UTF8.self)
                #expect(statuses.contains(reply.status), "\(path) \(input): \(reply)")
                #expect(reply.contentType == "application/json", "\(path) \(input): \(reply)")
                #expect(reply.isJSON, "\(path) \(input): \(reply)")
                let after = client.view(id)
                if reply.status >= 400 {
                    #expect(reply.errorCode != nil, "\(path) \(input): \(reply)")
                    #expect(after == before, "\(path) \(input) changed the session: \(reply)")
                }
                before = after
            }
        }
    }
}
