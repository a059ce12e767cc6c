import Foundation
import Testing

/// Screen names of a stack in a session or navigation answer.
func screens(_ answer: [String: Any]) -> [String] {
    (answer["stack"] as? [[String: Any]] ?? []).compactMap { $0["screen"] as? String }
}

/// Every endpoint of the HTTP API once, against the real `linkrouterd` process.
@Suite struct EndpointTests {
    @Test func everyEndpointAnswersOnTheLiveDaemon() async throws {
        let daemon = try await Daemon()

        // POST /v1/sessions: 201, a Location, version 1, an empty stack.
        let created = try daemon.request("POST", "/v1/sessions", json: #"{"attributes":{"tier":"gold"}}"#)
        #expect(created.status == 201, "\(created)")
        #expect(created["Content-Type"] == "application/json")
        let session = try #require(try created.json()["session"] as? String)
        #expect(session.utf8.count == 22)
        #expect(created["Location"] == "/v1/sessions/\(session)")
        #expect(try created.json()["version"] as? Int == 1)
        #expect(try (created.json()["attributes"] as? [String: Any])?["tier"] as? String == "gold")

        // GET /v1/sessions/{id}
        let fetched = try daemon.request("GET", "/v1/sessions/\(session)")
        #expect(fetched.status == 200, "\(fetched)")
        #expect(try screens(fetched.json()).isEmpty)

        // navigate with JSON: utm_source stripped by no_tracking, the stack rebuilt.
        let product = try daemon.request(
            "POST",
            "/v1/sessions/\(session)/navigate",
            json: #"{"url":"shop://product/42?ref=mail&utm_source=news"}"#
        )
        #expect(product.status == 200, "\(product)")
        let productAnswer = try product.json()
        #expect(productAnswer["status"] as? String == "navigated")
        #expect(productAnswer["version"] as? Int == 2)
        #expect(productAnswer["url"] as? String == "shop://product/42?ref=mail")
        #expect(screens(productAnswer) == ["home", "catalog", "product"])

        // navigate with the bare URL, form-encoded the way `curl -d 'shop://cart'` sends it: parked.
        let cart = try daemon.request(
            "POST",
            "/v1/sessions/\(session)/navigate",
            body: "shop://cart",
            headers: [("Content-Type", "application/x-www-form-urlencoded")]
        )
        #expect(cart.status == 200, "\(cart)")
        #expect(try cart.json()["status"] as? String == "parked")
        #expect(try screens(cart.json()) == ["home", "catalog", "product", "login"])
        #expect(try (cart.json()["parked"] as? [String: Any])?["url"] as? String == "shop://cart")

        // flow complete: signed_in=true, the parked cart navigation runs.
        let completed = try daemon.request("POST", "/v1/sessions/\(session)/flows/login/complete")
        #expect(completed.status == 200, "\(completed)")
        #expect(try completed.json()["status"] as? String == "navigated")
        #expect(try screens(completed.json()) == ["home", "catalog", "product", "cart"])
        #expect(try completed.json()["parked"] is NSNull)

        // stack operations: back, then pop-to with a screen.
        let back = try daemon.request("POST", "/v1/sessions/\(session)/back")
        #expect(back.status == 200, "\(back)")
        #expect(try screens(back.json()) == ["home", "catalog", "product"])
        let popTo = try daemon.request("POST", "/v1/sessions/\(session)/pop-to", json: #"{"screen":"catalog"}"#)
        #expect(popTo.status == 200, "\(popTo)")
        #expect(try screens(popTo.json()) == ["home", "catalog"])

        // PATCH attributes: merge, null removes.
        let patched = try daemon.request(
            "PATCH",
            "/v1/sessions/\(session)/attributes",
            json: #"{"tier":null,"locale":"de"}"#
        )
        #expect(patched.status == 200, "\(patched)")
        let attributes = try #require(try patched.json()["attributes"] as? [String: Any])
        #expect(attributes["tier"] == nil)
        #expect(attributes["locale"] as? String == "de")
        #expect(attributes["signed_in"] as? Bool == true)

        // GET shows everything the calls above did.
        let final = try daemon.request("GET", "/v1/sessions/\(session)")
        #expect(try screens(final.json()) == ["home", "catalog"])
        #expect(try final.json()["version"] as? Int == 7)

        // POST /v1/links: reverse routing.
        let link = try daemon.request("POST", "/v1/links", json: #"{"route":"reviews","params":{"id":42,"page":2}}"#)
        #expect(link.status == 200, "\(link)")
        #expect(try link.json()["url"] as? String == "shop://product/42/reviews/2")

        // POST /v1/resolve: a dry run with explain; nothing stored.
        let resolved = try daemon.request(
            "POST",
            "/v1/resolve",
            json: #"""
                {"url":"shop://checkout","stack":["home","cart"],
                 "attributes":{"signed_in":true,"new_checkout":true},"headers":{"X-App-Version":"2.4.0"}}
                """#
        )
        #expect(resolved.status == 200, "\(resolved)")
        #expect(try screens(resolved.json()) == ["home", "cart", "checkout"])
        #expect(try resolved.json()["session"] is NSNull)
        #expect(try resolved.json()["explain"] != nil)

        // GET /v1/routes: the loaded table.
        let routes = try daemon.request("GET", "/v1/routes")
        #expect(routes.status == 200, "\(routes)")
        let routeNames = (try routes.json()["routes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(routeNames.count == 17)
        #expect(routeNames.contains("product"))

        // The two association files.
        let apple = try daemon.request("GET", "/.well-known/apple-app-site-association")
        #expect(apple.status == 200, "\(apple)")
        #expect(apple["Content-Type"] == "application/json")
        #expect(try apple.json()["applinks"] != nil)
        #expect(apple.text.contains("ABCDE12345.com.example.shop"))
        let android = try daemon.request("GET", "/.well-known/assetlinks.json")
        #expect(android.status == 200, "\(android)")
        #expect(android["Content-Type"] == "application/json")
        #expect(try JSONSerialization.jsonObject(with: Data(android.body)) is [Any])
        #expect(android.text.contains("com.example.shop"))

        // /healthz on both ports.
        for admin in [false, true] {
            let health = try daemon.request("GET", "/healthz", admin: admin)
            #expect(health.status == 200, "\(health)")
            #expect(try health.json()["status"] as? String == "ok")
            #expect(try health.json()["routes"] as? Int == 17)
            #expect(try health.json()["sessions"] as? Int == 1)
        }

        // /metrics on the admin port: Prometheus text that has counted the requests above.
        let metrics = try daemon.request("GET", "/metrics", admin: true)
        #expect(metrics.status == 200, "\(metrics)")
        #expect(metrics["Content-Type"]?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains("linkrouter_http_requests_total"))
        #expect(metrics.text.contains(#"endpoint="navigate""#))

        // POST /admin/reload on the admin port.
        let reload = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(reload.status == 200, "\(reload)")
        #expect(try reload.json()["status"] as? String == "reloaded")
        #expect(try reload.json()["routes"] as? Int == 17)

        // DELETE, then the session is gone.
        let deleted = try daemon.request("DELETE", "/v1/sessions/\(session)")
        #expect(deleted.status == 204, "\(deleted)")
        #expect(deleted.body.isEmpty)
        let gone = try daemon.request("GET", "/v1/sessions/\(session)")
        #expect(gone.status == 404)
        #expect(gone.errorCode == "no_session")

        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func badInputGetsItsDocumentedStatus() async throws {
        let daemon = try await Daemon()
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        let cases: [(method: String, path: String, json: String?, status: Int, code: String)] = [
            ("POST", "/v1/sessions/\(session)/navigate", #"{"url":"shop://nope/1"}"#, 404, "no_route"),
            ("POST", "/v1/sessions/\(session)/navigate", #"{"url":"shop://product/%zz"}"#, 400, "malformed_url"),
            ("POST", "/v1/sessions/\(session)/navigate", #"{"url":"shop://product/1","x":1}"#, 400, "bad_request"),
            ("POST", "/v1/sessions/\(session)/navigate", #"{"url":"#, 400, "bad_request"),
            ("POST", "/v1/sessions/\(session)/back", nil, 409, "invalid_navigation"),
            ("GET", "/v1/sessions/not-a-session-id", nil, 404, "no_session"),
            ("PUT", "/v1/routes", nil, 405, "method_not_allowed"),
            ("GET", "/v2/anything", nil, 404, "not_found"),
        ]
        for item in cases {
            let response = try daemon.request(item.method, item.path, json: item.json)
            #expect(response.status == item.status, "\(item.method) \(item.path) \(item.json ?? ""): \(response)")
            #expect(response.errorCode == item.code, "\(item.method) \(item.path): \(response)")
        }
        let wrongType = try daemon.request(
            "POST",
            "/v1/links",
            body: "<route>reviews</route>",
            headers: [("Content-Type", "application/xml")]
        )
        #expect(wrongType.status == 415, "\(wrongType)")
        #expect(wrongType.errorCode == "unsupported_media_type")
        // Nothing above changed the stack.
        let after = try daemon.request("GET", "/v1/sessions/\(session)")
        #expect(try after.json()["version"] as? Int == 1)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        let daemon = try await Daemon()
        let connection = try HTTPConnection(port: daemon.publicPort)
        let localPort = connection.localPort
        let session = try #require(try connection.send("POST", "/v1/sessions").json()["session"] as? String)
        for id in 1...20 {
            let navigated = try connection.send(
                "POST",
                "/v1/sessions/\(session)/navigate",
                headers: [("Content-Type", "text/plain")],
                body: Array("shop://product/\(id)".utf8)
            )
            #expect(navigated.status == 200, "\(navigated)")
            #expect(try navigated.json()["version"] as? Int == id + 1)
            #expect(navigated["Connection"]?.lowercased() != "close")
            let health = try connection.send("GET", "/healthz")
            #expect(health.status == 200)
            #expect(!connection.isClosed)
        }
        // Error answers keep the connection too.
        #expect(try connection.send("GET", "/nope").status == 404)
        #expect(try connection.send("GET", "/v1/sessions/\(session)").status == 200)
        #expect(connection.localPort == localPort)
        #expect(!connection.isClosed)
        // Two requests written at once (pipelined) get two answers in order.
        try connection.write(
            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /v1/sessions/\(session) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )
        #expect(try connection.readResponse().json()["status"] as? String == "ok")
        #expect(try connection.readResponse().json()["version"] as? Int == 21)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }
}
