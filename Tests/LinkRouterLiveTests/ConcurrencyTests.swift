import Foundation
import Testing

/// Many threads against the live daemon: one session, many sessions, optimistic concurrency.
@Suite struct ConcurrencyTests {
    /// What one navigation answer said, kept as plain values so threads can hand it back.
    struct Answer: Sendable {
        var httpStatus: Int
        var status: String?
        var version: Int?
        var top: String?
        var topID: Int?
        var errorCode: String?
        var conflictVersion: Int?
        var conflictExpected: Int?

        init(_ response: HTTPResponse) throws {
            httpStatus = response.status
            let json = try response.json()
            status = json["status"] as? String
            version = json["version"] as? Int
            let top = (json["stack"] as? [[String: Any]])?.last
            self.top = top?["screen"] as? String
            topID = (top?["params"] as? [String: Any])?["id"] as? Int
            let error = json["error"] as? [String: Any]
            errorCode = error?["code"] as? String
            conflictVersion = (error?["detail"] as? [String: Any])?["version"] as? Int
            conflictExpected = (error?["detail"] as? [String: Any])?["expected"] as? Int
        }
    }

    @Test func navigationsOnOneSessionFromManyThreadsLoseNoUpdate() async throws {
        let daemon = try await Daemon()
        let port = daemon.publicPort
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        let threads = 8
        let perThread = 25
        let answers = try await onThreads(threads) { thread -> [(url: String, answer: Answer)] in
            let connection = try HTTPConnection(port: port)
            var out: [(url: String, answer: Answer)] = []
            for step in 0..<perThread {
                // Mostly a product no other request names (always a change); every fifth the catalog,
                // which is unchanged when another thread has just gone there.
                let url = step % 5 == 4 ? "shop://catalog" : "shop://product/\(thread * 1000 + step)"
                let response = try connection.send(
                    "POST",
                    "/v1/sessions/\(session)/navigate",
                    json: #"{"url":"\#(url)"}"#
                )
                out.append((url, try Answer(response)))
            }
            return out
        }
        let all = answers.flatMap { $0 }
        #expect(all.count == threads * perThread)
        #expect(all.allSatisfy { $0.answer.httpStatus == 200 })
        let changed = all.filter { $0.answer.status != "unchanged" }
        #expect(changed.allSatisfy { $0.answer.status == "navigated" })
        // Versions of the navigations that changed the stack are 2, 3, ... with no gap and no repeat.
        let versions = changed.compactMap(\.answer.version).sorted()
        #expect(versions == Array(2..<(2 + changed.count)))
        // Every answer is its own navigation applied to some state: the product it asked for is on top.
        for (url, answer) in all {
            if url.hasPrefix("shop://product/") {
                #expect(answer.top == "product" && "shop://product/\(answer.topID ?? -1)" == url, "\(url)")
            } else {
                #expect(answer.top == "catalog", "\(url)")
            }
        }
        // Each thread sees versions only go up.
        for thread in answers {
            let seen = thread.compactMap(\.answer.version)
            #expect(seen == seen.sorted() && Set(seen).count == seen.count)
        }
        let final = try daemon.request("GET", "/v1/sessions/\(session)").json()
        #expect(final["version"] as? Int == 1 + changed.count)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func attributePatchesFromManyThreadsLoseNothing() async throws {
        let daemon = try await Daemon()
        let port = daemon.publicPort
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        let threads = 6
        let perThread = 20
        let statuses = try await onThreads(threads) { thread -> [Int] in
            let connection = try HTTPConnection(port: port)
            return try (1...perThread).map { count in
                try connection.send(
                    "PATCH",
                    "/v1/sessions/\(session)/attributes",
                    json: #"{"t\#(thread)":\#(count)}"#
                ).status
            }
        }
        #expect(statuses.joined().allSatisfy { $0 == 200 })
        let final = try daemon.request("GET", "/v1/sessions/\(session)").json()
        let attributes = try #require(final["attributes"] as? [String: Any])
        for thread in 0..<threads {
            #expect(attributes["t\(thread)"] as? Int == perThread, "t\(thread): \(attributes)")
        }
        #expect(final["version"] as? Int == 1 + threads * perThread)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func manySessionsInParallelKeepTheirOwnVersions() async throws {
        let daemon = try await Daemon()
        let port = daemon.publicPort
        let threads = 8
        let sessionsPerThread = 3
        let navigations = 10
        let results = try await onThreads(threads) { thread -> [[Int]] in
            let connection = try HTTPConnection(port: port)
            var sessions: [String] = []
            for _ in 0..<sessionsPerThread {
                let created = try connection.send("POST", "/v1/sessions")
                guard created.status == 201, let id = try created.json()["session"] as? String else {
                    throw LiveTestError("create: \(created)")
                }
                sessions.append(id)
            }
            var versions: [[Int]] = Array(repeating: [], count: sessionsPerThread)
            for step in 0..<navigations {
                for (index, id) in sessions.enumerated() {
                    let url = "shop://product/\(thread * 10_000 + index * 100 + step)"
                    let answer = try Answer(
                        connection.send("POST", "/v1/sessions/\(id)/navigate", json: #"{"url":"\#(url)"}"#)
                    )
                    versions[index].append(
                        answer.topID == thread * 10_000 + index * 100 + step ? answer.version ?? 0 : -1
                    )
                }
            }
            return versions
        }
        for versions in results.joined() {
            #expect(versions == Array(2...(navigations + 1)))
        }
        let health = try daemon.request("GET", "/healthz").json()
        #expect(health["sessions"] as? Int == threads * sessionsPerThread)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }

    @Test func expectVersionUnderContentionLetsExactlyOneWin() async throws {
        let daemon = try await Daemon()
        let port = daemon.publicPort
        let session = try #require(try daemon.request("POST", "/v1/sessions").json()["session"] as? String)
        let threads = 6
        for round in 0..<5 {
            let version = try #require(try daemon.request("GET", "/v1/sessions/\(session)").json()["version"] as? Int)
            // Whatever the interleaving, all ask for the same version, so only one can get it.
            let answers = try await onThreads(threads) { thread in
                try Answer(
                    HTTPConnection(port: port).send(
                        "POST",
                        "/v1/sessions/\(session)/navigate",
                        json: #"{"url":"shop://product/\#(round * 100 + thread)","expect_version":\#(version)}"#
                    )
                )
            }
            let winners = answers.filter { $0.httpStatus == 200 }
            #expect(winners.count == 1, "round \(round)")
            #expect(winners.first?.version == version + 1)
            for loser in answers where loser.httpStatus != 200 {
                #expect(loser.httpStatus == 409)
                #expect(loser.errorCode == "version_conflict")
                #expect(loser.conflictVersion == version + 1)
                #expect(loser.conflictExpected == version)
            }
        }
        let final = try daemon.request("GET", "/v1/sessions/\(session)").json()
        #expect(final["version"] as? Int == 6)
        #expect(try await daemon.stop() == .code(0), "\(daemon.transcript)")
    }
}
