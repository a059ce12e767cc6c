import Testing

@testable import LinkRouterHTTP

/// A request path kept as the bytes the server read must read back as the `String` it was sent as,
/// through ``HTTPRequest/path`` and ``HTTPRequest/withPathBytes(_:)`` alike, and the buffer it is
/// read into must hold only the current request's path.
@Suite struct RequestPathTests {
    /// The target parsed from `uri` with an empty room, as a request.
    static func request(_ uri: String) -> HTTPRequest? {
        var room: [UInt8] = []
        let target = uri.withCString { RequestTarget(uri: $0, maxBytes: 1024, room: &room) }
        guard case .parsed(let path, let query) = target else { return nil }
        return HTTPRequest(method: .post, target: path, query: query, headers: HTTPHeaders(), body: [])
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
        let target = try #require(accumulator.takeTarget())
        var request = HTTPRequest(
            method: .post,
            target: target.path,
            query: target.query,
            headers: HTTPHeaders(),
            body: []
        )
        let read = (request.path, bytes(request))
        accumulator.takeBack(partsOf: &request)
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
}
