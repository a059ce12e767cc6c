import Foundation
import Testing

/// `--access-log FILE`: one line per request, session ids redacted.
@Suite struct AccessLogTests {
    @Test func accessLogWritesOneRedactedLinePerRequest() async throws {
        let workspace = try Workspace()
        let log = workspace.file("access.log")
        let daemon = try await Daemon(["--access-log", log], in: workspace)
        let connection = try HTTPConnection(port: daemon.publicPort)
        let created = try connection.send("POST", "/v1/sessions")
        let session = try #require(try created.json()["session"] as? String)
        let clientID = "my-own-client-id-1234"
        var expected: [(method: String, path: String, status: Int)] = [("POST", "/v1/sessions", 201)]
        func call(_ method: String, _ target: String, json: String = "", logged: String, status: Int) throws {
            let response =
                json.isEmpty ? try connection.send(method, target) : try connection.send(method, target, json: json)
            #expect(response.status == status, "\(method) \(target): \(response)")
            expected.append((method, logged, status))
        }
        try call(
            "POST",
            "/v1/sessions/\(session)/navigate",
            json: #"{"url":"shop://product/42"}"#,
            logged: "/v1/sessions/-/navigate",
            status: 200
        )
        try call("GET", "/v1/sessions/\(session)", logged: "/v1/sessions/-", status: 200)
        try call(
            "PATCH",
            "/v1/sessions/\(session)/attributes",
            json: #"{"a":1}"#,
            logged: "/v1/sessions/-/attributes",
            status: 200
        )
        try call("POST", "/v1/sessions/\(session)/back", logged: "/v1/sessions/-/back", status: 200)
        try call(
            "POST",
            "/v1/sessions/\(session)/flows/login/cancel",
            logged: "/v1/sessions/-/flows/login/cancel",
            status: 409
        )
        try call(
            "POST",
            "/v1/sessions/\(clientID)/navigate",
            json: #"{"url":"shop://catalog"}"#,
            logged: "/v1/sessions/-/navigate",
            status: 200
        )
        try call("GET", "/v1/sessions/\(clientID)?debug=\(clientID)", logged: "/v1/sessions/-", status: 200)
        try call("DELETE", "/v1/sessions/\(session)", logged: "/v1/sessions/-", status: 204)
        try call("GET", "/v1/routes", logged: "/v1/routes", status: 200)
        try call("GET", "/healthz", logged: "/healthz", status: 200)
        try call("GET", "/no/such/path", logged: "/no/such/path", status: 404)

        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
        let text = try workspace.read("access.log")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"))
        #expect(lines.count == expected.count, "\(text)")
        for (line, want) in zip(lines, expected) {
            // EPOCH.MS METHOD PATH STATUS DURATIONus
            let fields = line.split(separator: " ").map(String.init)
            #expect(fields.count == 5, "\(line)")
            guard fields.count == 5 else { continue }
            let stamp = fields[0].split(separator: ".")
            #expect(stamp.count == 2 && Int(stamp[0]) != nil && stamp[1].count == 3, "\(line)")
            #expect(fields[1] == want.method, "\(line)")
            #expect(fields[2] == want.path, "\(line)")
            #expect(fields[3] == String(want.status), "\(line)")
            #expect(fields[4].hasSuffix("us") && Int(fields[4].dropLast(2)) != nil, "\(line)")
        }
        #expect(!text.contains(session), "\(text)")
        #expect(!text.contains(clientID), "\(text)")
        // Only the access log went to the file: standard output has no request lines.
        #expect(!daemon.standardOutput.text.contains("/v1/sessions"))
    }

    /// `/v1/sessions//ID/navigate` (an empty segment first; a 404) must not log the id either.
    @Test func aSessionPathWithAnEmptySegmentStillHidesTheID() async throws {
        let workspace = try Workspace()
        let daemon = try await Daemon(["--access-log", workspace.file("access.log")], in: workspace)
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        #expect(try daemon.request("POST", "/v1/sessions//\(session)/navigate", body: "shop://cart").status == 404)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
        let text = try workspace.read("access.log")
        #expect(text.split(separator: "\n").count == 2, "\(text)")
        #expect(!text.contains(session), "\(text)")
        #expect(text.contains("/v1/sessions//-/navigate 404"), "\(text)")
    }

    @Test func accessLogIsFlushedWhileRunning() async throws {
        let workspace = try Workspace()
        let daemon = try await Daemon(["--access-log", workspace.file("access.log")], in: workspace)
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        #expect(try daemon.request("GET", "/v1/sessions/\(session)").status == 200)
        // Written about once a second, without a stop.
        let flushed = await eventually(within: 5) {
            ((try? workspace.read("access.log")) ?? "").contains("GET /v1/sessions/- 200")
        }
        #expect(flushed)
        #expect(try !workspace.read("access.log").contains(session))
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }
}

/// Requests the server refuses before the API sees them (a body or a target over its limit) are
/// logged and counted like the others.
@Suite struct RefusedRequestLogTests {
    @Test func limitRefusalsReachTheAccessLogAndTheMetrics() async throws {
        let workspace = try Workspace()
        let log = workspace.file("access.log")
        let daemon = try await Daemon(["--access-log", log, "--max-body", "1024"], in: workspace)
        let body = try HTTPConnection(port: daemon.publicPort, timeout: 5)
        try body.write(
            "POST /v1/sessions/secret-id-1/navigate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: text/plain\r\nContent-Length: 2048\r\n\r\n"
        )
        #expect(try body.readResponse().status == 413)
        let target = try HTTPConnection(port: daemon.publicPort, timeout: 5)
        try target.write("GET /" + String(repeating: "u", count: 8 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try target.readResponse().status == 414)

        let metrics = try daemon.request("GET", "/metrics", admin: true).text
        #expect(metrics.contains(#"linkrouter_http_requests_total{endpoint="navigate",status="413"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"linkrouter_http_requests_total{endpoint="other",status="414"} 1"#), "\(metrics)")
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
        let lines = try workspace.read("access.log").split(separator: "\n").map {
            $0.split(separator: " ").dropFirst().prefix(3).joined(separator: " ")
        }
        #expect(lines.contains("POST /v1/sessions/-/navigate 413"), "\(lines)")
        #expect(lines.contains("GET - 414"), "\(lines)")
    }
}
