import Testing

@testable import LinkRouterHTTP

/// Fields given as strings read back as given, whichever way they are kept: the usual
/// `Content-Type: application/json` alone, or any other list.
@Suite struct HTTPHeadersTests {
    static func sent(_ headers: HTTPHeaders) -> [String] {
        var out: [String] = []
        headers.forEachField { name, value in out.append("\(name): \(value)") }
        return out
    }

    @Test func theJSONTypeAloneReadsBackAsGiven() {
        let headers = HTTPHeaders([(name: "Content-Type", value: "application/json")])
        #expect(Self.sent(headers) == ["Content-Type: application/json"])
        #expect(headers.fields.map { "\($0.name): \($0.value)" } == ["Content-Type: application/json"])
        #expect(headers["content-type"] == "application/json")
        #expect(headers.contentType { $0.elementsEqual("application/json".utf8) } == true)
        let upper: String = "CONTENT-TYPE"
        let allow: String = "Allow"
        #expect(headers.firstValue(upper) { $0.elementsEqual("application/json".utf8) } == true)
        #expect(headers.firstValue(allow) { _ in true } == nil)
        #expect(headers["Allow"] == nil)
    }

    /// The JSON type made without strings is the one given as strings, and only those two are
    /// sent through the server's shortcut for it.
    @Test func theJSONTypeMadeDirectlyIsTheOneGiven() {
        let direct = HTTPHeaders.jsonContentType
        #expect(Self.sent(direct) == ["Content-Type: application/json"])
        #expect(direct["content-type"] == "application/json")
        #expect(direct.isJSONContentTypeOnly)
        #expect(HTTPHeaders([(name: "Content-Type", value: "application/json")]).isJSONContentTypeOnly)
        var added = direct
        added.add("Allow", "GET")
        #expect(!added.isJSONContentTypeOnly)
        #expect(!HTTPHeaders([(name: "content-type", value: "application/json")]).isJSONContentTypeOnly)
        #expect(!HTTPHeaders().isJSONContentTypeOnly)
        #expect(!HTTPHeaders(received: Self.received("Content-Type", "application/json")).isJSONContentTypeOnly)
    }

    /// Fields as the server receives them.
    static func received(_ name: String, _ value: String) -> ReceivedHeaderFields {
        let size = ReceivedHeaderFields.storedSize(name: name.utf8.count, value: value.utf8.count)
        return ReceivedHeaderFields(capacity: size) { writer in
            _ = Array(name.utf8).withUnsafeBytes { name in
                Array(value.utf8).withUnsafeBytes { value in writer.append(name: name, value: value) }
            }
        }
    }

    /// Another spelling or value is sent byte for byte as it was given.
    @Test(arguments: [
        [(name: "content-type", value: "application/json")],
        [(name: "Content-Type", value: "application/JSON")],
        [(name: "Content-Type", value: "text/plain")],
        [(name: "Content-Type", value: "application/json"), (name: "Allow", value: "GET")],
    ])
    func otherFieldsReadBackAsGiven(_ fields: [(name: String, value: String)]) {
        let headers = HTTPHeaders(fields)
        #expect(Self.sent(headers) == fields.map { "\($0.name): \($0.value)" })
        #expect(headers[fields[0].name] == fields[0].value)
    }

    @Test func fieldsAddedAfterTheJSONTypeFollowIt() {
        var headers = HTTPHeaders([(name: "Content-Type", value: "application/json")])
        headers.add("Allow", "GET, HEAD")
        #expect(Self.sent(headers) == ["Content-Type: application/json", "Allow: GET, HEAD"])
        headers.set("Content-Type", "text/plain")
        #expect(Self.sent(headers) == ["Allow: GET, HEAD", "Content-Type: text/plain"])
        #expect(headers.values("content-type") == ["text/plain"])
    }

    @Test func noFieldsReadAsNoneUntilOneIsAdded() {
        var headers = HTTPHeaders()
        #expect(Self.sent(headers).isEmpty)
        #expect(headers.fields.isEmpty)
        #expect(headers["Content-Type"] == nil)
        #expect(headers.contentType { _ in true } == nil)
        headers.add("Content-Type", "application/json")
        headers.add("Allow", "POST")
        #expect(Self.sent(headers) == ["Content-Type: application/json", "Allow: POST"])
        #expect(HTTPHeaders([]).fields.isEmpty)
    }

    /// A copy is a value: adding to it leaves the original as it was.
    @Test func aCopyAddsOnItsOwn() {
        let original = HTTPHeaders([(name: "Content-Type", value: "application/json")])
        var copy = original
        copy.add("Cache-Control", "no-store")
        #expect(Self.sent(original) == ["Content-Type: application/json"])
        #expect(Self.sent(copy) == ["Content-Type: application/json", "Cache-Control: no-store"])
    }
}
