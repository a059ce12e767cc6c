import Foundation
import LinkNavigation
import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// The shop table of `config/routes.yaml` and engines serving it, for the in-process API tests.
enum APIFixture {
    /// The repository root, three levels above this file.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let routesPath: String = root.appendingPathComponent("config/routes.yaml").path

    /// The sample table, loaded once.
    static let shop: Result<LoadedConfig, ConfigError> = Result { () throws(ConfigError) in
        try ConfigLoader.load(path: routesPath)
    }

    /// A fresh engine over the sample table (its own sessions), reloading from `configPath`.
    static func engine(configPath: String? = routesPath, store: SessionStore? = nil) throws -> Engine {
        Engine(config: try shop.get(), configPath: configPath, store: store)
    }

    /// A client of a fresh engine over the sample table.
    static func client(_ surface: APIResponder.Surface = .public, adminToken: String? = nil) throws -> APIClient {
        APIClient(try engine(), surface: surface, adminToken: adminToken)
    }

    /// A client of an engine over a small table given as text.
    static func client(yaml: String, store: SessionStore? = nil) throws -> APIClient {
        let config = try ConfigLoader.load(text: yaml, file: "test.yaml")
        return APIClient(Engine(config: config, store: store))
    }
}

/// Calls an ``APIResponder`` with request values: the API without sockets.
struct APIClient {
    let responder: APIResponder
    var engine: Engine { responder.engine }

    init(_ engine: Engine, surface: APIResponder.Surface = .public, adminToken: String? = nil) {
        responder = APIResponder(engine: engine, surface: surface, adminToken: adminToken)
    }

    /// The same engine seen through another port.
    func on(_ surface: APIResponder.Surface, adminToken: String? = nil) -> APIClient {
        APIClient(engine, surface: surface, adminToken: adminToken)
    }

    /// Any request: `body` as UTF-8, `contentType` as sent (none when `nil`).
    func send(
        _ method: HTTPMethod,
        _ path: String,
        body: String? = nil,
        contentType: String? = nil,
        headers: [(name: String, value: String)] = []
    ) -> APIReply {
        send(method, path, bytes: Array((body ?? "").utf8), contentType: contentType, headers: headers)
    }

    /// Any request with a body of raw bytes.
    func send(
        _ method: HTTPMethod,
        _ path: String,
        bytes: [UInt8],
        contentType: String? = nil,
        headers: [(name: String, value: String)] = []
    ) -> APIReply {
        var fields = HTTPHeaders()
        if let contentType { fields.add("Content-Type", contentType) }
        for header in headers { fields.add(header.name, header.value) }
        let request = HTTPRequest(method: method, path: path, headers: fields, body: bytes)
        return APIReply(responder.respond(to: request))
    }

    /// A request with a JSON body (`application/json`), or no body for `nil`.
    func call(
        _ method: HTTPMethod,
        _ path: String,
        _ json: JSONValue? = nil,
        headers: [(name: String, value: String)] = []
    ) -> APIReply {
        guard let json else { return send(method, path, headers: headers) }
        return send(
            method,
            path,
            body: String(decoding: json.jsonBytes, as: UTF8.self),
            contentType: "application/json",
            headers: headers
        )
    }

    func get(_ path: String) -> APIReply { call(.get, path) }
    func post(_ path: String, _ json: JSONValue? = nil) -> APIReply { call(.post, path, json) }

    /// Creates a session and returns its id (an empty string after recording an issue).
    func createSession(
        attributes: JSONValue? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> String {
        let reply = post("/v1/sessions", attributes.map { ["attributes": $0] })
        #expect(reply.status == 201, "\(reply)", sourceLocation: sourceLocation)
        return reply["session"]?.stringValue ?? ""
    }

    /// `POST /v1/sessions/{id}/navigate` with `{"url": url}` and any other members.
    func navigate(
        _ id: String,
        _ url: String,
        _ extra: [(String, JSONValue)] = [],
        headers: [(name: String, value: String)] = []
    )
        -> APIReply
    {
        var body = JSONObject()
        body.append(key: "url", value: .string(url))
        for (key, value) in extra { body.append(key: key, value: value) }
        return call(.post, "/v1/sessions/\(id)/navigate", .object(body), headers: headers)
    }

    /// A session built by navigating a new one to each URL in turn; `attributes` set at creation.
    func session(
        at urls: [String],
        attributes: JSONValue? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> String {
        let id = createSession(attributes: attributes, sourceLocation: sourceLocation)
        for url in urls {
            let reply = navigate(id, url)
            #expect(reply.status == 200, "\(url): \(reply)", sourceLocation: sourceLocation)
        }
        return id
    }

    /// The session view `GET /v1/sessions/{id}` answers.
    func view(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
        let reply = get("/v1/sessions/\(id)")
        #expect(reply.status == 200, "\(reply)", sourceLocation: sourceLocation)
        return reply.json
    }

    /// The screens of the session's stack, bottom first.
    func screens(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        APIReply.screens(view(id, sourceLocation: sourceLocation)["stack"])
    }

    /// Expects `request` to be refused with `status` and `code`, in the error shape, and the
    /// session `id` (when given) to be exactly as before. Returns the error's `detail`.
    @discardableResult
    func expectRefused(
        _ status: Int,
        _ code: String,
        session id: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ request: () -> APIReply
    ) -> JSONValue {
        let before = id.map { view($0, sourceLocation: sourceLocation) }
        let reply = request()
        let detail = reply.expectError(status, code, sourceLocation: sourceLocation)
        if let id, let before {
            let after = view(id, sourceLocation: sourceLocation)
            #expect(after == before, "the refused request changed the session", sourceLocation: sourceLocation)
        }
        return detail
    }
}

/// One answer, with its body read as JSON.
struct APIReply: CustomStringConvertible {
    let response: HTTPResponse

    init(_ response: HTTPResponse) { self.response = response }

    var status: Int { response.status }
    var contentType: String? { response.headers["content-type"] }
    var text: String { String(decoding: response.body, as: UTF8.self) }

    /// The body parsed strictly (`null` when it is not JSON: `isJSON` tells).
    var json: JSONValue { (try? JSONParser().parse(response.body)) ?? .null }
    var isJSON: Bool { (try? JSONParser().parse(response.body)) != nil }

    subscript(key: String) -> JSONValue? { json[key] }

    /// The error code of an error answer.
    var errorCode: String? { json["error"]?["code"]?.stringValue }
    var errorDetail: JSONValue? { json["error"]?["detail"] }

    /// The screens of the answer's stack.
    var screens: [String] { Self.screens(json["stack"]) }

    static func screens(_ stack: JSONValue?) -> [String] {
        (stack?.arrayValue ?? []).map { $0["screen"]?.stringValue ?? "?" }
    }

    var description: String { "\(status) \(text)" }

    /// Expects a JSON answer with this status.
    func expectJSON(_ status: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
        #expect(contentType == "application/json", sourceLocation: sourceLocation)
        #expect(isJSON, "not JSON: \(text)", sourceLocation: sourceLocation)
    }

    /// Expects an error answer `{"error":{"code","message","detail"}}` with this status and code;
    /// returns its `detail`.
    @discardableResult
    func expectError(_ status: Int, _ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> JSONValue
    {
        #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
        #expect(contentType == "application/json", "\(self)", sourceLocation: sourceLocation)
        let json = self.json
        #expect(json.objectValue?.keys == ["error"], "\(self)", sourceLocation: sourceLocation)
        let error = json["error"]
        #expect(error?.objectValue?.keys == ["code", "message", "detail"], "\(self)", sourceLocation: sourceLocation)
        #expect(error?["code"]?.stringValue == code, "\(self)", sourceLocation: sourceLocation)
        #expect(error?["message"]?.stringValue?.isEmpty == false, "\(self)", sourceLocation: sourceLocation)
        #expect(error?["detail"]?.objectValue != nil, "\(self)", sourceLocation: sourceLocation)
        return error?["detail"] ?? .null
    }
}

/// Golden answers in `Fixtures/golden/NAME.json`: the exact body with the session id replaced by
/// `SESSION`, and a final newline. `UPDATE_GOLDEN=1 swift test --filter APIResponder` rewrites them.
enum Golden {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    static let placeholder = "SESSION"

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name + ".json") }

    /// The answer's body as stored: `session` replaced by the placeholder, a newline added.
    static func normalized(_ reply: APIReply, session: String?) -> String {
        var text = reply.text
        if let session, !session.isEmpty { text = text.replacingOccurrences(of: session, with: placeholder) }
        return text + "\n"
    }

    /// Compares the answer with `NAME.json` byte for byte (or rewrites it under `UPDATE_GOLDEN=1`).
    static func check(
        _ name: String,
        _ reply: APIReply,
        session: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let actual = Array(normalized(reply, session: session).utf8)
        let file = url(name)
        if updating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual).write(to: file, options: .atomic)
            return
        }
        guard let stored = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                "missing golden file \(file.path); run with UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation
            )
            return
        }
        let expected = Array(stored)
        #expect(
            actual == expected,
            """
            \(name).json differs (UPDATE_GOLDEN=1 rewrites it)
            expected: \(String(decoding: expected, as: UTF8.self))
            actual:   \(String(decoding: actual, as: UTF8.self))
            """,
            sourceLocation: sourceLocation
        )
    }
}
