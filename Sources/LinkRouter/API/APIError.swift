public import LinkRouterHTTP

/// An error answer: `{"error":{"code":...,"message":...,"detail":{...}}}` with its status.
public struct APIError: Error, Sendable {
    public let status: Int
    public let code: String
    public let message: String
    /// Members of `detail`, in order (empty: `{}`).
    public let detail: JSONObject
    /// Extra response headers (`Allow` on 405).
    public let headers: [(name: String, value: String)]

    public init(
        _ status: Int,
        _ code: String,
        _ message: String,
        detail: JSONObject = JSONObject(),
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.detail = detail
        self.headers = headers
    }

    public static func badRequest(_ message: String, detail: JSONObject = JSONObject()) -> APIError {
        APIError(400, "bad_request", message, detail: detail)
    }

    public static func notFound(_ message: String = "no such endpoint") -> APIError {
        APIError(404, "not_found", message)
    }

    /// The JSON body.
    public var body: [UInt8] {
        var writer = JSONWriter(capacity: 128 + message.utf8.count)
        writer.beginObject()
        writer.objectField("error") { w in
            w.field("code", code)
            w.field("message", message)
            w.key("detail")
            detail.write(to: &w)
        }
        writer.endObject()
        return writer.finish()
    }

    public var response: HTTPResponse {
        var response = HTTPResponse.json(status, body)
        for header in headers { response.headers.add(header.name, header.value) }
        return response
    }
}

extension HTTPResponse {
    /// A JSON answer.
    public static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: body)
    }

    /// `Content-Type: application/json`, made where it is used: a value with nothing to retain,
    /// where a stored one was read through a one-time initialisation check and copied.
    static var jsonHeaders: HTTPHeaders { .jsonContentType }
}
