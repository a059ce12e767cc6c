import Foundation
import LinkNavigation
import LinkRouterHTTP
import LinkRouting
import Testing

@testable import LinkRouter

/// `POST /v1/links`, `POST /v1/resolve`, `GET /v1/routes` and the association files.
@Suite struct APIResponderTableTests {
    /// A route, its params, an optional link source, and the params the link matches back to.
    struct LinkCase: Sendable, CustomTestStringConvertible {
        let route: String
        let params: JSONValue
        var source: String?
        var matched: JSONValue? = nil
        var testDescription: String { "\(route) \(String(decoding: params.jsonBytes, as: UTF8.self))" }
    }

    @Test(
        "links round-trip: the URL navigates back to the route and its params",
        arguments: [
            LinkCase(route: "product", params: ["id": 42, "ref": "mail"]),
            LinkCase(route: "product", params: ["id": -7], matched: ["id": -7, "ref": nil]),
            LinkCase(route: "reviews", params: ["id": 42, "page": 2]),
            LinkCase(route: "category", params: ["slug": "red-shoes", "sort": "price"]),
            LinkCase(
                route: "search",
                params: ["q": "red shoes & more/?", "tags": ["a", "b-c"]],
                source: "https://shop.example.com",
                matched: ["q": "red shoes & more/?", "tags": ["a", "b-c"], "page": 1]
            ),
            LinkCase(
                route: "order",
                params: ["order_id": "1b4e28ba-2fa1-11d2-883f-0016d3cca427"],
                source: "shop://"
            ),
            LinkCase(route: "welcome", params: ["step": 3]),
            LinkCase(route: "pvp", params: [:]),
        ]
    )
    func linksRoundTrip(_ link: LinkCase) throws {
        let client = try APIFixture.client()
        var body: JSONObject = ["route": .string(link.route), "params": link.params]
        if let source = link.source { body.append(key: "source", value: .string(source)) }
        let reply = client.post("/v1/links", .object(body))
        reply.expectJSON(200)
        #expect(reply.json.objectValue?.keys == ["url"])
        let url = try #require(reply["url"]?.stringValue)
        if let source = link.source {
            #expect(url.hasPrefix(source.hasSuffix("://") ? source : source + "/"), "\(url)")
        }
        // The URL matches back to the route and params (signed in, so nothing parks).
        let id = client.createSession(attributes: ["signed_in": true])
        let navigated = client.navigate(id, url)
        navigated.expectJSON(200)
        #expect(navigated["route"]?["name"]?.stringValue == link.route, "\(url)")
        #expect(navigated["route"]?["params"] == (link.matched ?? link.params), "\(url)")
    }

    @Test func linksErrors() throws {
        let client = try APIFixture.client()
        let unknown = client.post("/v1/links", ["route": "nope", "params": [:]]).expectError(404, "not_found")
        #expect(unknown["route"] == "nope")
        let invalid = client.post("/v1/links", ["route": "reviews", "params": ["id": "x"]])
            .expectError(422, "invalid_param")
        #expect(invalid == ["route": "reviews", "param": "id"])
        client.post("/v1/links", ["route": "reviews", "params": ["id": 1, "page": 0]]).expectError(422, "invalid_param")
        // SPEC §5 names one 422 code, `invalid_param`; what exactly is wrong is `detail.reason`.
        let missing = client.post("/v1/links", ["route": "product", "params": [:]]).expectError(422, "invalid_param")
        #expect(missing == ["route": "product", "param": "id", "reason": "missing_param"])
        let extra = client.post("/v1/links", ["route": "product", "params": ["id": 1, "colour": "red"]])
            .expectError(422, "invalid_param")
        #expect(extra == ["route": "product", "param": "colour", "reason": "unknown_param"])
        // A source the route or the app does not have.
        client.post("/v1/links", ["route": "staff", "params": [:], "source": "shop"]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "params": ["id": 1], "source": "ftp://x/y"])
            .expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "params": ["id": 1], "source": "other"])
            .expectError(400, "bad_request")
        // Malformed bodies.
        client.post("/v1/links", ["params": ["id": 1]]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": 1]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "params": ["id": ["a": 1]]]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "params": ["id": [[1]]]]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "params": [1]]).expectError(400, "bad_request")
        client.post("/v1/links", ["route": "product", "url": "x"]).expectError(400, "bad_request")
        client.get("/v1/links").expectError(405, "method_not_allowed")
    }

    /// Text and numbers cross both ways, as the link holds text either way: `"42"` for an int, `5`
    /// for a string; the param's spec decides.
    @Test func linksTakeNumbersForTextParamsAndTextForNumbers() throws {
        let client = try APIFixture.client()
        let text = client.post("/v1/links", ["route": "product", "params": ["id": "42"]])
        text.expectJSON(200)
        #expect(text["url"] == "shop://product/42", "\(text)")
        let number = client.post("/v1/links", ["route": "product", "params": ["id": 42, "ref": 5]])
        number.expectJSON(200)
        #expect(number["url"] == "shop://product/42?ref=5", "\(number)")
        let flag = client.post("/v1/links", ["route": "product", "params": ["id": 42, "ref": true]])
        #expect(flag["url"] == "shop://product/42?ref=true", "\(flag)")
        client.post("/v1/links", ["route": "product", "params": ["id": "4x2"]]).expectError(422, "invalid_param")
        let decimal = client.post("/v1/links", ["route": "product", "params": ["id": 42, "ref": 12.5]])
        #expect(decimal["url"] == "shop://product/42?ref=12.5", "\(decimal)")
        // A number past 64-bit integers arrives as a double whose text is not the digits sent.
        client.post(
            "/v1/links",
            .object(["route": "product", "params": .object(["id": 42, "ref": .double(1.234_567_890_123_456_7e19)])])
        ).expectError(422, "invalid_param")
    }

    /// A request the server refuses itself is counted under the endpoint its path names, as the
    /// dispatch reads paths.
    @Test func refusedRequestsAreCountedByTheirPath() throws {
        let client = try APIFixture.client()
        for path in ["/v1/sessions/abc/navigate", "/v1/sessions/abc/navigate/", "/v1/sessions//navigate", "/v1/x"] {
            client.responder.refused(HTTPRequest(method: .post, path: path), status: 413)
        }
        let metrics = client.on(.admin).get("/metrics").text
        #expect(metrics.contains(#"linkrouter_http_requests_total{endpoint="navigate",status="413"} 3"#), "\(metrics)")
        #expect(metrics.contains(#"linkrouter_http_requests_total{endpoint="other",status="413"} 1"#), "\(metrics)")
    }

    @Test func resolveIsADryRun() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://catalog"])
        let before = client.engine.store.count
        let reply = client.post(
            "/v1/resolve",
            [
                "url": "shop://checkout",
                "stack": ["home", ["screen": "cart", "params": [:]]],
                "attributes": ["signed_in": true, "new_checkout": true],
                "headers": ["X-App-Version": "2.4.0"],
            ]
        )
        reply.expectJSON(200)
        #expect(reply["status"] == "navigated")
        #expect(reply["session"] == .null)
        #expect(reply["version"] == .null)
        #expect(reply.screens == ["home", "cart", "checkout"])
        #expect(reply["transition"]?.arrayValue?.map { $0["op"] } == ["push"])
        #expect(reply["explain"]?.arrayValue != nil, "explain is a list")
        #expect(reply.json.objectValue?.keys.last == "explain")
        #expect(client.engine.store.count == before)
        #expect(client.screens(id) == ["home", "catalog"])

        // The same request from an old client: the version check shows update_required.
        let old = client.post(
            "/v1/resolve",
            [
                "url": "shop://checkout", "stack": ["home", "cart"],
                "attributes": ["signed_in": true, "new_checkout": true], "headers": ["x-app-version": "2.2.9"],
            ]
        )
        #expect(old["status"] == "redirected_screen")
        #expect(old.screens == ["home", "cart", "update_required"])
        // The request's own headers count as a navigate's would; the body's override them.
        let checkout: JSONValue = [
            "url": "shop://checkout", "stack": ["home", "cart"],
            "attributes": ["signed_in": true, "new_checkout": true],
        ]
        let viaHeader = client.call(.post, "/v1/resolve", checkout, headers: [("X-App-Version", "2.2.9")])
        #expect(viaHeader.screens == ["home", "cart", "update_required"])
        var overridden = checkout.objectValue ?? JSONObject()
        _ = overridden.append(key: "headers", value: ["x-APP-version": "2.4.0"])
        let newer = client.call(.post, "/v1/resolve", .object(overridden), headers: [("X-App-Version", "2.2.9")])
        #expect(newer.screens == ["home", "cart", "checkout"])
        // Parking in a dry run stores nothing either.
        let parked = client.post("/v1/resolve", ["url": "shop://cart"])
        #expect(parked["status"] == "parked")
        #expect(parked["parked"]?["flow"] == "login")
        // Typed stack params, a strategy and via.
        let typed = client.post(
            "/v1/resolve",
            [
                "url": "shop://product/3/reviews", "stack": ["home", ["screen": "product", "params": ["id": 3]]],
                "strategy": "extend", "via": [],
            ]
        )
        #expect(typed.screens == ["home", "product", "reviews"])
        #expect(typed["stack"]?.arrayValue?[1]["params"] == ["id": 3, "ref": "direct"])
        #expect(client.engine.store.count == before)
    }

    /// A stack entry given by name alone takes the params its screen declares from the link, as a
    /// synthesised screen does; params it is given win.
    @Test func resolveFillsBareStackEntriesFromTheLink() throws {
        let client = try APIFixture.client()
        let bare = client.post(
            "/v1/resolve",
            ["url": "shop://product/42/reviews", "stack": ["home", "catalog", "product"]]
        )
        #expect(bare.screens == ["home", "catalog", "product", "reviews"])
        #expect(bare["stack"]?.arrayValue?[2]["params"] == ["id": 42, "ref": "direct"])
        #expect(bare["transition"]?.arrayValue?.count == 1, "product 42 was on the stack already")
        let given = client.post(
            "/v1/resolve",
            ["url": "shop://product/42/reviews", "stack": ["home", ["screen": "product", "params": ["id": 7]]]]
        )
        #expect(given["stack"]?.arrayValue?[1]["params"] == ["id": 7, "ref": "direct"])
        #expect(given.screens == ["home", "product", "reviews"])
        // A link that gives nothing to fill with still leaves the required param missing.
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": ["home", "product"]])
            .expectError(422, "invalid_param")
    }

    /// The payload's params are its own entry's, byte for byte, even when a lower entry of the same
    /// screen holds params that are equal but written differently (canonically equivalent text).
    @Test func thePayloadWritesItsOwnEntrysParams() throws {
        let client = try APIFixture.client()
        let reply = client.post(
            "/v1/resolve",
            [
                "url": "shop://product/1?ref=cafe%CC%81",  // decomposed: e + U+0301
                "stack": [
                    "home", "catalog", ["screen": "product", "params": ["id": 1, "ref": "caf\u{E9}"]],  // precomposed
                    ["screen": "reviews", "params": ["id": 1]],
                    ["screen": "product", "params": ["id": 1, "ref": "x"]],
                ],
            ]
        )
        reply.expectJSON(200)
        let body = reply.response.body
        let payload = try #require(Self.offset(of: Array(#""payload":"#.utf8), in: body))
        let decomposed = Array("cafe\u{301}".utf8)
        let precomposed = Array("caf\u{E9}".utf8)
        #expect(Self.offset(of: decomposed, in: Array(body[payload...])) != nil)
        #expect(Self.offset(of: precomposed, in: Array(body[payload...])) == nil)
    }

    /// An entry whose params changed only in how they are written (the same text, composed
    /// differently) keeps its id: the mediation's source is still written from the old params.
    @Test func theSourceWritesTheOldParamsOfAnEntryKeptUnderItsID() throws {
        let client = try APIFixture.client()
        let reply = client.post(
            "/v1/resolve",
            [
                "url": "shop://product/1?ref=cafe%CC%81",
                "stack": ["home", "catalog", ["screen": "product", "params": ["id": 1, "ref": "caf\u{E9}"]]],
            ]
        )
        reply.expectJSON(200)
        let body = reply.response.body
        let source = try #require(Self.offset(of: Array(#""source":"#.utf8), in: body))
        let destination = try #require(Self.offset(of: Array(#""destination":"#.utf8), in: body))
        let sourceText = Array(body[source..<destination])
        #expect(Self.offset(of: Array("caf\u{E9}".utf8), in: sourceText) != nil)
        #expect(Self.offset(of: Array("cafe\u{301}".utf8), in: Array(body[destination...])) != nil)
    }

    static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func resolveErrors() throws {
        let client = try APIFixture.client()
        let noRoute = client.post("/v1/resolve", ["url": "shop://nope"]).expectError(404, "no_route")
        #expect(noRoute["explain"]?.arrayValue != nil, "a refused dry run explains itself too")
        client.post("/v1/resolve", ["url": "https://shop.example.com/staff/orders"]).expectError(403, "staff_only")
        let staff = client.post(
            "/v1/resolve",
            ["url": "https://shop.example.com/staff/orders", "headers": ["X-Staff-Token": "t"]]
        )
        #expect(staff["status"] == "navigated")
        client.post("/v1/resolve", ["url": "shop://product/%"]).expectError(400, "malformed_url")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": ["nowhere"]]).expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": [["screen": "product", "params": ["id": "x"]]]])
            .expectError(422, "invalid_param")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": [["screen": "product"]]])
            .expectError(422, "invalid_param")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": [1]]).expectError(400, "bad_request")
        client.post(
            "/v1/resolve",
            ["url": "shop://catalog", "stack": [["screen": "home", "presentation": "sideways"]]]
        )
        .expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": [["screen": "home", "id": 1]]])
            .expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": "home"]).expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "headers": ["X-App-Version": 2]])
            .expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "attributes": ["a": [1]]]).expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "session": "x"]).expectError(400, "bad_request")
        client.post("/v1/resolve", [:]).expectError(400, "bad_request")
        client.post("/v1/resolve", ["url": "shop://catalog", "stack": .array(Array(repeating: "home", count: 100))])
            .expectError(409, "stack_too_deep")
        #expect(client.engine.store.count == 0)
    }

    @Test func routes() throws {
        let client = try APIFixture.client()
        let reply = client.get("/v1/routes")
        reply.expectJSON(200)
        #expect(
            reply.json.objectValue?.keys == [
                "app", "routes", "screens", "flows", "interceptors", "global_interceptors", "flags",
            ]
        )
        let config = try APIFixture.shop.get()
        #expect(reply["routes"]?.arrayValue?.count == config.table.routes.count)
        #expect(reply["routes"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" } == config.table.routes.map(\.name))
        #expect(
            reply["routes"]?.arrayValue?.first { $0["name"] == "product" } == [
                "name": "product", "pattern": "/product/{id:int}", "screen": "product", "strategy": nil,
                "interceptors": [], "query": ["ref": "string?"],
            ]
        )
        #expect(reply["screens"]?.arrayValue?.count == 14)
        #expect(reply["flows"] == [["name": "login", "screens": ["login"], "sets": ["signed_in": true]]])
        #expect(reply["global_interceptors"] == ["no_tracking"])
        #expect(reply["flags"] == ["new_checkout": false])
        #expect(client.send(.head, "/v1/routes").status == 200)
        client.post("/v1/routes").expectError(405, "method_not_allowed")
    }

    @Test func appleAppSiteAssociation() throws {
        let client = try APIFixture.client()
        let reply = client.get("/.well-known/apple-app-site-association")
        reply.expectJSON(200)
        let details = try #require(reply["applinks"]?["details"]?.arrayValue)
        #expect(details.count == 1)
        #expect(details[0]["appIDs"] == ["ABCDE12345.com.example.shop"])
        let components = try #require(details[0]["components"]?.arrayValue)
        #expect(components.first == ["/": "/admin/*", "exclude": true])
        #expect(components.last == ["/": "/", "comment": "home"])
        func position(_ path: String, _ route: String) -> Int? {
            components.firstIndex { $0["/"]?.stringValue == path && $0["comment"]?.stringValue == route }
        }
        // Specific rules before broad ones.
        #expect(try #require(position("/open", "pvp")) < #require(position("/open", "open")))
        #expect(try #require(position("/product/*/reviews", "reviews")) < #require(position("/product/*", "product")))
        #expect(try #require(position("/catalog", "catalog")) < #require(position("/catalog/*", "category")))
        #expect(components.first { $0["comment"] == "pvp" }?["?"] == ["type": "pvp"])
    }

    @Test func assetLinks() throws {
        let client = try APIFixture.client()
        let reply = client.get("/.well-known/assetlinks.json")
        reply.expectJSON(200)
        let statements = try #require(reply.json.arrayValue)
        #expect(statements.count == 1)
        #expect(statements[0]["relation"] == ["delegate_permission/common.handle_all_urls"])
        #expect(statements[0]["target"]?["namespace"] == "android_app")
        #expect(statements[0]["target"]?["package_name"] == "com.example.shop")
        #expect(statements[0]["target"]?["sha256_cert_fingerprints"]?.arrayValue?.count == 1)
        client.post("/.well-known/assetlinks.json").expectError(405, "method_not_allowed")
        client.get("/.well-known/security.txt").expectError(404, "not_found")
    }
}

/// `GET /healthz` (both ports), `GET /metrics` and `POST /admin/reload` (admin port only).
@Suite struct APIResponderOpsTests {
    @Test(arguments: [APIResponder.Surface.public, .admin])
    func healthz(surface: APIResponder.Surface) throws {
        let client = try APIFixture.client(surface)
        let reply = client.get("/healthz")
        reply.expectJSON(200)
        #expect(reply.json == ["status": "ok", "routes": 17, "sessions": 0])
        _ = client.on(.public).createSession()
        _ = client.on(.public).createSession()
        #expect(client.get("/healthz")["sessions"] == 2)
        #expect(client.send(.head, "/healthz").status == 200)
        let wrong = client.post("/healthz")
        wrong.expectError(405, "method_not_allowed")
        #expect(wrong.response.headers["allow"] == "GET, HEAD")
    }

    @Test func metricsOnlyOnTheAdminPort() throws {
        let client = try APIFixture.client()
        _ = client.navigate(client.createSession(), "shop://product/1")
        client.get("/metrics").expectError(404, "not_found")
        let reply = client.on(.admin).get("/metrics")
        #expect(reply.status == 200)
        #expect(reply.contentType?.hasPrefix("text/plain") == true)
        #expect(reply.text.contains(#"linkrouter_http_requests_total{endpoint="navigate",status="200"} 1"#))
        #expect(reply.text.contains(#"linkrouter_http_requests_total{endpoint="metrics",status="404"}"#) == false)
        client.on(.admin).post("/metrics").expectError(405, "method_not_allowed")
    }

    @Test func theAdminPortServesOnlyAdminEndpoints() throws {
        let admin = try APIFixture.client(.admin)
        for path in ["/v1/routes", "/v1/sessions", "/.well-known/assetlinks.json", "/admin", "/admin/reload/now"] {
            admin.get(path).expectError(404, "not_found")
        }
        admin.post("/v1/sessions").expectError(404, "not_found")
        #expect(admin.engine.store.count == 0)
        admin.get("/admin/reload").expectError(405, "method_not_allowed")
        admin.on(.public).post("/admin/reload").expectError(404, "not_found")
    }

    @Test func reload() throws {
        let client = try APIFixture.client(.admin)
        let reply = client.post("/admin/reload")
        reply.expectJSON(200)
        #expect(reply.json.objectValue?.keys == ["status", "file", "routes", "warnings"])
        #expect(reply["status"] == "reloaded")
        #expect(reply["file"]?.stringValue == APIFixture.routesPath)
        #expect(reply["routes"] == 17)
        // Warnings do not stop a reload (the sample table's pvp and open routes overlap).
        let warnings = try #require(reply["warnings"]?.arrayValue)
        #expect(warnings.allSatisfy { $0["severity"] == "warning" })
    }

    @Test func anInMemoryTableCannotBeReloadedAndTheAnswerSaysWhy() throws {
        let client = APIClient(try APIFixture.engine(configPath: nil), surface: .admin)
        let reply = client.post("/admin/reload")
        reply.expectError(422, "invalid_config")
        let diagnostic = try #require(reply.errorDetail?["diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["code"] == "no_config_file", "\(reply)")
        #expect(diagnostic["hint"]?.stringValue?.contains("--config") == true, "\(reply)")
    }

    @Test func reloadNeedsTheBearerToken() throws {
        let client = APIClient(try APIFixture.engine(), surface: .admin, adminToken: "s3cret")
        let headers: [[(name: String, value: String)]] = [
            [],
            [(name: "Authorization", value: "Bearer wrong")],
            [(name: "Authorization", value: "Bearer s3cret2")],
            [(name: "Authorization", value: "Bearer ")],
            [(name: "Authorization", value: "s3cret")],
            [(name: "Authorization", value: "Basic czNjcmV0")],
            [(name: "Authorization", value: "Bearers3cret")],
            [(name: "Authorization", value: "Bearer s3 cret")],
        ]
        for header in headers {
            let reply = client.call(.post, "/admin/reload", headers: header)
            reply.expectError(401, "unauthorized")
            #expect(reply.response.headers["www-authenticate"] == "Bearer")
        }
        // The scheme is case-insensitive (RFC 9110 §11.1); spaces around the token do not count.
        for value in ["Bearer s3cret", "bearer s3cret", "BEARER  s3cret ", " Bearer s3cret"] {
            let reply = client.call(.post, "/admin/reload", headers: [(name: "authorization", value: value)])
            reply.expectJSON(200)
        }
        // Health needs no token.
        #expect(client.get("/healthz").status == 200)
    }

    @Test func aBrokenFileKeepsTheRunningTable() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("linkrouter-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("routes.yaml")
        let text = try String(contentsOfFile: APIFixture.routesPath, encoding: .utf8)
        try text.write(to: file, atomically: true, encoding: .utf8)

        let engine = try APIFixture.engine(configPath: file.path)
        let admin = APIClient(engine, surface: .admin)
        let api = admin.on(.public)
        let id = api.session(at: ["shop://product/1"])
        let routes = api.get("/v1/routes").text
        #expect(admin.post("/admin/reload")["status"] == "reloaded")

        // An unknown screen and a pattern that does not parse.
        let broken = text.replacingOccurrences(of: "screen: product, query", with: "screen: nowhere, query")
            .replacingOccurrences(of: "pattern: \"/catalog\",", with: "pattern: \"/catalog/{\",")
        #expect(broken != text)
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let detail = admin.post("/admin/reload").expectError(422, "invalid_config")
        let diagnostics = try #require(detail["diagnostics"]?.arrayValue)
        #expect(diagnostics.count >= 2)
        for diagnostic in diagnostics {
            #expect(diagnostic["file"]?.stringValue == file.path)
            #expect((diagnostic["line"]?.intValue ?? 0) > 0)
            #expect((diagnostic["column"]?.intValue ?? 0) > 0)
            #expect(diagnostic["code"]?.stringValue?.isEmpty == false)
            #expect(diagnostic["message"]?.stringValue?.isEmpty == false)
        }
        #expect(
            diagnostics.contains {
                $0["severity"] == "error" && $0["message"]?.stringValue?.contains("nowhere") == true
            }
        )

        // The old table still serves, and the session is untouched.
        #expect(api.get("/v1/routes").text == routes)
        let reply = api.navigate(id, "shop://product/2")
        #expect(reply["route"]?["name"] == "product")
        #expect(reply.screens == ["home", "catalog", "product"])
        #expect(api.get("/healthz")["routes"] == 17)

        // Not YAML at all.
        try "routes: [\n  - {".write(to: file, atomically: true, encoding: .utf8)
        admin.post("/admin/reload").expectError(422, "invalid_config")
        // A missing file.
        try FileManager.default.removeItem(at: file)
        admin.post("/admin/reload").expectError(422, "invalid_config")
        #expect(api.get("/v1/routes").text == routes)

        // A fixed file loads; a smaller table is served at once.
        let smaller = text.replacingOccurrences(
            of:
                "  - { name: pvp,       pattern: \"/open?type=pvp\",                          screen: home }   # a query literal adds specificity\n",
            with: ""
        )
        #expect(smaller != text)
        try smaller.write(to: file, atomically: true, encoding: .utf8)
        let fixed = admin.post("/admin/reload")
        fixed.expectJSON(200)
        #expect(fixed["routes"] == 16)
        #expect(api.get("/healthz")["routes"] == 16)
    }
}

@Suite struct ResolveStackCopyTests {
    /// The stack of an answer, entries with their `id` and `presentation`, is a valid dry-run stack:
    /// resolving from it gives what navigating the session itself gives.
    @Test func anAnswersStackCanBeResolvedFrom() throws {
        let client = try APIFixture.client()
        let id = client.session(at: ["shop://product/7", "shop://product/7/reviews"])
        let stack = client.view(id)["stack"] ?? .null
        let dryRun = client.post("/v1/resolve", ["url": "shop://product/9", "stack": stack])
        dryRun.expectJSON(200)
        let real = client.navigate(id, "shop://product/9")
        #expect(dryRun["stack"] == real["stack"])
        #expect(dryRun["transition"] == real["transition"])
    }
}
