import Testing

@testable import LinkRouterHTTP

/// A request path kept as the bytes the server read must read back as the `String` it was sent as,
/// through ``HTTPRequest/path`` and ``HTTPRequest/withPathBytes(_:)`` alike, and the buffer it is
/// read into must hold only the current request's path.
@Suite struct RequestPathTests {
    /// The request a new accumulator reads from `uri`, when its target parses.
    static func request(_ uri: String) -> HTTPRequest? {
        let accumulator = RequestAccumulator()
        uri.withCString { accumulator.begin(uri: $0, maxTargetBytes: 1024, maxBodyBytes: 0) }
        guard accumulator.target == .parsed else { return nil }
        return accumulator.withRequest { $0 }
    }

    static func bytes(_ request: HTTPRequest) -> [UInt8] { request.withPathBytes { Array($0) } }

    @Test func anASCIIPathIsKeptAsBytesAndReadsBackExactly() throws {
        let request = try #require(Self.request("/v1/sessions/some-long-session-id/navigate?dry=1"))
        #expect(request.target.text == nil, "an ASCII path is kept as bytes")
        #expect(request.path == "/v1/sessions/some-long-session-id/navigate")
        #expect(Self.bytes(request) == Array("/v1/sessions/some-long-session-id/navigate".utf8))
        #expect(request.query == "dry=1")
    }

    /// Only the path decides: a query beyond ASCII leaves an ASCII path kept as bytes.
    @Test func anASCIIPathBeforeAQueryBeyondASCIIIsKeptAsBytes() throws {
        let request = try #require(Self.request("/v1/sessions/s1/navigate?q=caf\u{E9}"))
        #expect(request.target.text == nil, "an ASCII path is kept as bytes")
        #expect(request.path == "/v1/sessions/s1/navigate")
        #expect(request.query == "q=caf\u{E9}")
    }

    @Test func aPathBeyondASCIIIsAStringAndReadsBackExactly() throws {
        let request = try #require(Self.request("/v1/caf\u{E9}/\u{1F600}"))
        #expect(request.target.text != nil, "a path beyond ASCII is kept as a String")
        #expect(request.path == "/v1/caf\u{E9}/\u{1F600}")
        #expect(Self.bytes(request) == Array("/v1/caf\u{E9}/\u{1F600}".utf8))
    }

    @Test func aPathGivenAsAStringLendsItsBytes() {
        var request = HTTPRequest(method: .get, path: "/healthz")
        #expect(Self.bytes(request) == Array("/healthz".utf8))
        request.path = "/v1/r\u{E9}solve"
        #expect(request.path == "/v1/r\u{E9}solve")
        #expect(Self.bytes(request) == Array("/v1/r\u{E9}solve".utf8))
    }

    /// One request on `accumulator` for `uri`, answered and ended: its path, as read and as bytes.
    static func serve(_ accumulator: RequestAccumulator, _ uri: String) throws -> (String, [UInt8]) {
        uri.withCString { accumulator.begin(uri: $0, maxTargetBytes: 1024, maxBodyBytes: 0) }
        try #require(accumulator.target == .parsed)
        let read = accumulator.withRequest { ($0.path, bytes($0)) }
        accumulator.end()
        return read
    }

    @Test func eachRequestReadsOnlyItsOwnPath() throws {
        let accumulator = RequestAccumulator()
        // Long, then shorter (written over the first), then longer than the buffer (a new one).
        let paths = [
            "/v1/sessions/a-rather-long-session-id/navigate",
            "/healthz",
            "/v1/sessions/" + String(repeating: "x", count: 90) + "/navigate",
            "/v1/caf\u{E9}",
            "/v1/routes",
        ]
        for path in paths {
            let (text, bytes) = try Self.serve(accumulator, path + "?q=1")
            #expect(text == path)
            #expect(bytes == Array(path.utf8))
        }
    }

    /// A request the responder keeps (a copy) is its own: the next request on the accumulator
    /// writes its path and body over buffers the kept one no longer shares.
    @Test func aKeptRequestKeepsItsPathAndBodyOnceTheNextOneIsRead() throws {
        let accumulator = RequestAccumulator()
        "/v1/sessions/first-session/navigate".withCString {
            accumulator.begin(uri: $0, maxTargetBytes: 1024, maxBodyBytes: 64)
        }
        Array("first body".utf8).withUnsafeBytes { accumulator.append($0) }
        let kept = accumulator.withRequest { $0 }
        accumulator.end()
        "/v1/other?q=2".withCString { accumulator.begin(uri: $0, maxTargetBytes: 1024, maxBodyBytes: 64) }
        Array("second".utf8).withUnsafeBytes { accumulator.append($0) }
        #expect(kept.path == "/v1/sessions/first-session/navigate")
        #expect(kept.query == nil)
        #expect(kept.body == Array("first body".utf8))
        let current = accumulator.withRequest { ($0.path, $0.query, $0.body) }
        #expect(current.0 == "/v1/other")
        #expect(current.1 == "q=2")
        #expect(current.2 == Array("second".utf8))
    }

    /// A target that does not parse leaves the request without a path or query, as the last
    /// one ended it: a space, a path that is not UTF-8, a query that is not UTF-8.
    @Test(arguments: [
        Array("/v1/a b?q=1".utf8),
        Array("/v1/caf".utf8) + [0xE9] + Array("?q=1".utf8),
        Array("/v1/ok?q=caf".utf8) + [0xE9],
    ])
    func aRejectedTargetLeavesNoPathOrQuery(_ uri: [UInt8]) throws {
        let accumulator = RequestAccumulator()
        _ = try Self.serve(accumulator, "/v1/sessions/earlier?q=1")
        let cString = uri.map { CChar(bitPattern: $0) } + [0]
        accumulator.begin(uri: cString, maxTargetBytes: 1024, maxBodyBytes: 0)
        #expect(accumulator.target == .invalid)
        #expect(accumulator.withRequest { $0.path } == "")
        #expect(accumulator.withRequest { $0.query } == nil)
    }
}
