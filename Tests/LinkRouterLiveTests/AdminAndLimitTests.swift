import Foundation
import Testing

/// The body limit, the split between the public and the admin port, and the admin token.
@Suite struct AdminAndLimitTests {
    @Test func contentLengthOverMaxBodyIs413BeforeTheBody() async throws {
        let daemon = try await Daemon(["--max-body", "1024"])
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)

        // Only the head is sent: the answer comes without waiting for the 2048 bytes announced.
        let connection = try HTTPConnection(port: daemon.publicPort, timeout: 5)
        try connection.write(
            "POST /v1/sessions/\(session)/navigate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2048\r\n\r\n"
        )
        let refused = try connection.readResponse()
        #expect(refused.status == 413, "\(refused)")
        #expect(refused.errorCode == "body_too_large")

        // A body of exactly the limit is fine.
        let prefix = #"{"url":"shop://search?q="#
        let suffix = #""}"#
        let padding = String(repeating: "a", count: 1024 - prefix.utf8.count - suffix.utf8.count)
        let exact = prefix + padding + suffix
        #expect(exact.utf8.count == 1024)
        let accepted = try daemon.request("POST", "/v1/sessions/\(session)/navigate", json: exact)
        #expect(accepted.status == 200, "\(accepted)")
        #expect(try screens(accepted.json()) == ["home", "search"])

        // One byte more is not, and the session is untouched by it.
        let over = try daemon.request("POST", "/v1/sessions/\(session)/navigate", json: prefix + padding + "a" + suffix)
        #expect(over.status == 413, "\(over)")
        #expect(try daemon.request("GET", "/v1/sessions/\(session)").json()["version"] as? Int == 2)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func adminEndpointsAreOnlyOnTheAdminPort() async throws {
        let daemon = try await Daemon()
        for (method, path) in [
            ("GET", "/metrics"), ("POST", "/admin/reload"), ("GET", "/admin/reload"), ("GET", "/admin/anything"),
        ] {
            let response = try daemon.request(method, path)
            #expect(response.status == 404, "public \(method) \(path): \(response)")
            #expect(response.errorCode == "not_found")
        }
        // And the API is not on the admin port.
        for (method, path) in [
            ("POST", "/v1/sessions"), ("GET", "/v1/routes"), ("GET", "/.well-known/assetlinks.json"),
        ] {
            let response = try daemon.request(method, path, admin: true)
            #expect(response.status == 404, "admin \(method) \(path): \(response)")
        }
        #expect(try daemon.request("GET", "/metrics", admin: true).status == 200)
        #expect(try daemon.request("POST", "/admin/reload", admin: true).status == 200)
        #expect(try daemon.request("GET", "/admin/reload", admin: true).status == 405)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func adminTokenFileMakesReloadNeedTheBearerToken() async throws {
        let workspace = try Workspace()
        try workspace.write("admin-token", "s3cret-token\n")
        let daemon = try await Daemon(["--admin-token-file", workspace.file("admin-token")], in: workspace)

        let missing = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(missing.status == 401, "\(missing)")
        #expect(missing.errorCode == "unauthorized")
        #expect(missing["WWW-Authenticate"] == "Bearer")
        for wrong in ["Bearer s3cret-toke", "Bearer s3cret-token2", "Basic s3cret-token", "s3cret-token"] {
            let refused = try daemon.request("POST", "/admin/reload", headers: [("Authorization", wrong)], admin: true)
            #expect(refused.status == 401, "\(wrong): \(refused)")
        }
        let allowed = try daemon.request(
            "POST",
            "/admin/reload",
            headers: [("Authorization", "Bearer s3cret-token")],
            admin: true
        )
        #expect(allowed.status == 200, "\(allowed)")
        #expect(try allowed.json()["status"] as? String == "reloaded")
        // The token is for reload; metrics and health stay open on the admin port.
        #expect(try daemon.request("GET", "/metrics", admin: true).status == 200)
        #expect(try daemon.request("GET", "/healthz", admin: true).status == 200)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func aMissingOrEmptyTokenFileRefusesToStart() async throws {
        let workspace = try Workspace()
        try workspace.write("empty-token", " \n")
        for file in [workspace.file("no-such-token"), workspace.file("empty-token")] {
            let (exit, output) = try await runLinkrouterd([
                "serve", "--config", workspace.config, "--host", "127.0.0.1", "--port", "0", "--admin-port", "0",
                "--admin-token-file", file,
            ])
            #expect(exit == .code(1), "\(output)")
            #expect(output.contains("admin token file"), "\(output)")
        }
    }
}
