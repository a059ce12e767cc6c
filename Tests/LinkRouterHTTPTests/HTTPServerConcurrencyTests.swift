import Foundation
import LinkRouterHTTP
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPServerLiveTests {
    /// Many clients at once, and a slow responder next to fast ones.
    @Suite struct Concurrency {
        @Test func manyConcurrentRequestsAllGetTheirOwnAnswer() async throws {
            try await withServer { server, port in
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                let count = 200
                let answers = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<count {
                        group.addTask {
                            let url = try #require(URL(string: "http://127.0.0.1:\(port)/c/\(index)?i=\(index)"))
                            var request = URLRequest(url: url)
                            request.httpMethod = "POST"
                            request.httpBody = Data("body \(index)".utf8)
                            let (data, response) = try await session.data(for: request)
                            let http = response as? HTTPURLResponse
                            return http?.statusCode == 200
                                && http?.value(forHTTPHeaderField: "X-Path") == "/c/\(index)"
                                && http?.value(forHTTPHeaderField: "X-Query") == "?i=\(index)"
                                && String(decoding: data, as: UTF8.self) == "body \(index)"
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(answers.count == count)
                #expect(answers.allSatisfy { $0 })
                #expect(eventually { server.requestsInFlight == 0 })
            }
        }

        @Test func slowResponderOnOneConnectionDoesNotBlockAnother() async throws {
            let responder = EchoResponder()
            try await withServer(testConfiguration(threads: 2), responder: responder) { _, port in
                let slowClient = try RawHTTPClient(port: port)
                try slowClient.write(requestHead("GET", "/slow"))
                #expect(eventually { responder.slowEntered.current == 1 })

                let clock = ContinuousClock()
                let started = clock.now
                let fastClient = try RawHTTPClient(port: port)
                try fastClient.write(requestHead("GET", "/fast"))
                let fast = try fastClient.readResponse()
                let fastTook = clock.now - started
                #expect(fast.status == 200)
                #expect(fastTook < .seconds(1), "a fast request waited \(fastTook) behind a slow one")

                let slow = try slowClient.readResponse()
                #expect(slow.status == 200)
                #expect(slow["X-Path"] == "/slow")
            }
        }
    }
}
