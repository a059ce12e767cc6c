import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reloading the config file with SIGHUP and `POST /admin/reload`: a broken file keeps the running
/// table, a fixed one replaces it.
@Suite struct ReloadTests {
    /// The sample table with one more route at the end.
    static func sample(adding routes: [String]) throws -> String {
        let text = try String(contentsOfFile: Binaries.sampleConfig, encoding: .utf8)
        return routes.reduce(text.hasSuffix("\n") ? text : text + "\n") { $0 + "  - " + $1 + "\n" }
    }

    static func routeNames(_ daemon: Daemon) throws -> [String] {
        let routes = try daemon.request("GET", "/v1/routes")
        return (try routes.json()["routes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aBrokenFileKeepsTheRunningTableAndAFixedOneReloads() async throws {
        let daemon = try await Daemon()
        let workspace = daemon.workspace
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        #expect(try Self.routeNames(daemon).count == 17)

        // Broken two ways at once: an unknown screen and a duplicate route name.
        try workspace.write(
            "routes.yaml",
            try Self.sample(adding: [
                #"{ name: deals, pattern: "/deals", screen: nowhere }"#,
                #"{ name: product, pattern: "/item/{id:int}", screen: product }"#,
            ])
        )

        // POST: 422 with every diagnostic; the table stays.
        let refused = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(refused.status == 422, "\(refused)")
        #expect(refused.errorCode == "invalid_config")
        let detail = try #require((try refused.json()["error"] as? [String: Any])?["detail"] as? [String: Any])
        let codes = (detail["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("unknown_screen"), "\(codes)")
        #expect(codes.contains("duplicate_route_name"), "\(codes)")
        #expect(try Self.routeNames(daemon).count == 17)

        // SIGHUP: the failure is reported on standard error; still the old table, still serving.
        daemon.send(SIGHUP)
        #expect(await eventually { daemon.standardError.text.contains("reload failed, keeping the running table") })
        #expect(daemon.standardError.text.contains("unknown_screen"))
        #expect(daemon.isRunning)
        #expect(try Self.routeNames(daemon).count == 17)
        let stillServing = try daemon.request(
            "POST",
            "/v1/sessions/\(session)/navigate",
            json: #"{"url":"shop://product/7"}"#
        )
        #expect(stillServing.status == 200, "\(stillServing)")
        let notYet = try daemon.request("POST", "/v1/sessions/\(session)/navigate", json: #"{"url":"shop://deals"}"#)
        #expect(notYet.status == 404)
        #expect(notYet.errorCode == "no_route")

        // Fixed: SIGHUP loads it, and the new route routes.
        try workspace.write(
            "routes.yaml",
            try Self.sample(adding: [#"{ name: deals, pattern: "/deals", screen: catalog }"#])
        )
        daemon.send(SIGHUP)
        #expect(await eventually { daemon.standardOutput.text.contains("reloaded 18 routes") }, "\(daemon.transcript)")
        #expect(try Self.routeNames(daemon).contains("deals"))
        let deals = try daemon.request("POST", "/v1/sessions/\(session)/navigate", json: #"{"url":"shop://deals"}"#)
        #expect(deals.status == 200, "\(deals)")
        #expect(try (deals.json()["route"] as? [String: Any])?["name"] as? String == "deals")
        #expect(try screens(deals.json()) == ["home", "catalog"])

        // And POST reloads a further change.
        try workspace.write(
            "routes.yaml",
            try Self.sample(adding: [
                #"{ name: deals, pattern: "/deals", screen: catalog }"#,
                #"{ name: sale, pattern: "/sale", redirect: "/deals" }"#,
            ])
        )
        let reloaded = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(reloaded.status == 200, "\(reloaded)")
        #expect(try reloaded.json()["routes"] as? Int == 19)
        #expect(try Self.routeNames(daemon).contains("sale"))
        #expect(try daemon.request("GET", "/healthz").json()["routes"] as? Int == 19)
        // Sessions outlive reloads.
        #expect(try daemon.request("GET", "/v1/sessions/\(session)").status == 200)

        let metrics = try daemon.request("GET", "/metrics", admin: true).text
        #expect(metrics.contains("linkrouter_config_reloads_total"))
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func aVanishedOrUnparsableFileKeepsServing() async throws {
        let daemon = try await Daemon()
        try daemon.workspace.write("routes.yaml", "routes: [ {name: x\n")
        let syntax = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(syntax.status == 422, "\(syntax)")
        #expect(syntax.text.contains("yaml_syntax"), "\(syntax)")
        try FileManager.default.removeItem(atPath: daemon.workspace.config)
        let missing = try daemon.request("POST", "/admin/reload", admin: true)
        #expect(missing.status == 422, "\(missing)")
        daemon.send(SIGHUP)
        #expect(await eventually { daemon.standardError.text.components(separatedBy: "reload failed").count == 2 })
        #expect(try daemon.request("GET", "/healthz").json()["routes"] as? Int == 17)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }
}
