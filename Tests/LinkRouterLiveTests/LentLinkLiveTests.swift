import Testing

/// A bare link is matched and answered from the request body's bytes, which the server frees or
/// reuses once the request is answered: what the session keeps must be its own. Under
/// AddressSanitizer (`make test-asan`) a read of a freed body fails the run; without it, the
/// bodies of the requests that follow overwrite the old ones.
@Suite struct LentLinkLiveTests {
    /// No interceptor, so that the navigation keeps the link lent from match to answer.
    static let table = """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          item: { parent: home, params: { id: int, ref: "string=direct" } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: item, pattern: "/items/{id:int}", screen: item, query: { ref: "string?" } }
        """

    @Test func theSessionKeepsNoneOfABareLinksBody() async throws {
        let workspace = try Workspace()
        try workspace.write("routes.yaml", Self.table)
        let daemon = try await Daemon(in: workspace)
        let created = try daemon.request("POST", "/v1/sessions")
        let session = try #require(try created.json()["session"] as? String)
        let refs = ["a-rather-long-reference-\(String(repeating: "x", count: 40))", "short", "caf\u{E9}"]
        for (i, ref) in refs.enumerated() {
            let link = "t://items/\(i + 1)?ref=\(ref)"
            let answer = try daemon.request(
                "POST",
                "/v1/sessions/\(session)/navigate",
                body: link + "\n",
                headers: [("Content-Type", "text/plain")]
            )
            #expect(answer.status == 200, "\(answer)")
            #expect(try answer.json()["url"] as? String == link)
            // Another body over the same buffers, then the stored session.
            _ = try daemon.request("POST", "/v1/sessions", json: #"{"attributes":{"filler":"\#(ref)-\#(ref)"}}"#)
            let stored = try daemon.request("GET", "/v1/sessions/\(session)")
            let entries = try stored.json()["stack"] as? [[String: Any]] ?? []
            let params = entries.last?["params"] as? [String: Any]
            #expect(params?["id"] as? Int == i + 1, "\(stored)")
            #expect(params?["ref"] as? String == ref, "\(stored)")
        }
    }
}
