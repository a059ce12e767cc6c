import Foundation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

@Suite struct AccessLogRedactionTests {
    static let cases: [(path: String, logged: String)] = [
        ("/v1/sessions/abc", "/v1/sessions/-"),
        ("/v1/sessions/abc/navigate", "/v1/sessions/-/navigate"),
        ("/v1/sessions/abc/pop-to-root", "/v1/sessions/-/pop-to-root"),
        ("/v1/sessions/abc/flows/sign_in/complete", "/v1/sessions/-/flows/sign_in/complete"),
        ("/v1/sessions//abc/navigate", "/v1/sessions//-/navigate"),
        ("/v1/sessions/abc/def", "/v1/sessions/-/-"),
        ("/v1/sessions/abc/navigate/def", "/v1/sessions/-/navigate/-"),
        ("/v1/sessions/navigate/abc", "/v1/sessions/-/-"),
        ("/v1/sessions/abc/x/flows/def", "/v1/sessions/-/-/flows/-"),
        ("/v1/sessions/", "/v1/sessions/"),
        ("/v1/sessions", "/v1/sessions"),
        ("/v1/routes", "/v1/routes"),
        ("/a b\n", "/a%20b%0A"),
        ("/v1/sessions/abc/navigate\r\nX", "/v1/sessions/-/-"),
    ]

    @Test(arguments: cases)
    func redactsEverySegmentThatCouldBeAnID(_ path: String, _ logged: String) {
        var line: [UInt8] = []
        AccessLog.appendRedacted(path, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == logged)
    }

    /// The redaction as first written, on arrays and sets: the one on bytes must agree with it.
    static func reference(_ path: String) -> [UInt8] {
        let prefix = Array("/v1/sessions/".utf8)
        let words: Set<[UInt8]> = Set(
            [
                "navigate", "back", "pop-to-root", "pop-to", "pop-before", "dismiss", "restart", "trail",
                "attributes", "flows", "complete", "cancel",
            ].map { Array($0.utf8) }
        )
        func escaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            bytes.flatMap { byte -> [UInt8] in
                byte > 0x20 && byte < 0x7F ? [byte] : Array(String(format: "%%%02X", byte).utf8)
            }
        }
        let bytes = Array(path.utf8)
        guard bytes.starts(with: prefix) else { return escaped(bytes[...]) }
        var line = prefix
        let segments = bytes[prefix.count...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let first = segments.firstIndex { !$0.isEmpty }
        for (index, segment) in segments.enumerated() {
            if index > 0 { line.append(UInt8(ascii: "/")) }
            let isFlowName = index >= 2 && index - 2 == first && segments[index - 1].elementsEqual("flows".utf8)
            if segment.isEmpty || (index != first && (isFlowName || words.contains(Array(segment)))) {
                line += escaped(segment)
            } else {
                line.append(UInt8(ascii: "-"))
            }
        }
        return line
    }

    /// Every path of up to five segments drawn from ids, the API's words, empty ones and bytes to
    /// escape is logged as the reference logs it.
    @Test func agreesWithTheReferenceOnManyPaths() {
        let parts = ["", "abc", "navigate", "flows", "sign_in", "complete", "pop-to", "x y", "caf\u{E9}", "\r\n"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...5, using: &generator)
            let tail = (0..<count).map { _ in parts.randomElement(using: &generator) ?? "" }.joined(separator: "/")
            let path = (Bool.random(using: &generator) ? "/v1/sessions/" : "/v1/") + tail
            var line: [UInt8] = []
            AccessLog.appendRedacted(path, to: &line)
            if line != Self.reference(path) { Issue.record("\(path.debugDescription)") }
        }
    }

    /// One line per record: seconds and milliseconds, method, redacted path, status, microseconds.
    @Test(arguments: [(0, "0us"), (999, "0us"), (123_456_789, "123456us"), (-5_000, "-5us")])
    func aRecordIsOneLineOfFiveFields(_ nanoseconds: Int, _ duration: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let log = try #require(AccessLog(path: file.path))
        log.record(method: .post, path: "/v1/sessions/abc/navigate", status: 201, nanoseconds: nanoseconds)
        log.record(method: .other("PURGE"), path: "/a b", status: 404, nanoseconds: nanoseconds)
        // A method is whatever token the client sent: its control bytes are escaped like the path's.
        log.record(method: .other("G\u{1B}[2JT"), path: "/", status: 404, nanoseconds: nanoseconds)
        log.flush()
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n",
            omittingEmptySubsequences: false
        )
        #expect(lines.count == 4 && lines[3].isEmpty)
        let first = lines[0].split(separator: " ")
        let second = lines[1].split(separator: " ")
        let third = lines[2].split(separator: " ")
        #expect(first.count == 5 && second.count == 5 && third.count == 5)
        #expect(first.dropFirst().joined(separator: " ") == "POST /v1/sessions/-/navigate 201 \(duration)")
        #expect(second.dropFirst().joined(separator: " ") == "PURGE /a%20b 404 \(duration)")
        #expect(third.dropFirst().joined(separator: " ") == "G%1B[2JT / 404 \(duration)")
        let stamp = first[0].split(separator: ".")
        #expect(stamp.count == 2 && stamp[1].count == 3 && stamp[1].allSatisfy(\.isNumber))
        let seconds = try #require(Int(stamp[0]))
        #expect(abs(seconds - Int(Date().timeIntervalSince1970)) < 600)
    }
}
