internal import LinkRouterHTTP
internal import LinkRouting

extension APIResponder {
    /// `POST /v1/links`: `{"route", "params", "source"?}` -> `{"url"}`, the URL that matches back to
    /// exactly that route and those params.
    func links(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        try body.only(["route", "params", "source"])
        let route = try body.requiredString("route")
        let params = try RequestBody.params(try body.objectValue("params") ?? JSONObject())
        let source = try body.string("source").map { (text) throws(APIError) in try Self.linkSource(text) }
        let url: String
        do {
            url = try engine.config.table.url(for: route, params: params, source: source)
        } catch {
            var detail: JSONObject = ["route": .string(route)]
            if let param = error.param { _ = detail.append(key: "param", value: .string(param)) }
            // Only SPEC §5 codes: 404 `not_found`, 400 `bad_request`, and 422 `invalid_param` for every
            // param problem (missing, unknown, mistyped, unreachable); the link error's own code stays
            // in `reason`.
            let (status, code) =
                switch error.code {
                case .unknownRoute: (404, "not_found")
                case .invalidSource: (400, "bad_request")
                default: (422, "invalid_param")
                }
            if code != error.code.rawValue { _ = detail.append(key: "reason", value: .string(error.code.rawValue)) }
            throw APIError(status, code, error.message, detail: detail)
        }
        var writer = JSONWriter(capacity: 64 + url.utf8.count)
        writer.beginObject()
        writer.field("url", url)
        writer.endObject()
        return .json(200, writer)
    }

    /// `shop`, `shop:`, `shop://`, `https://host` or `http://host`.
    static func linkSource(_ text: String) throws(APIError) -> LinkSource {
        var rest = Substring(text)
        for suffix in ["://", ":"] where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            break
        }
        if let separator = rest.firstRange(of: "://") {
            let scheme = rest[..<separator.lowerBound].lowercased()
            let host = rest[separator.upperBound...].lowercased()
            guard scheme == "https" || scheme == "http", !host.isEmpty, !host.contains("/") else {
                throw .badRequest(
                    "source '\(text)' is not a scheme or an https origin",
                    detail: ["source": .string(text)]
                )
            }
            return .web(scheme: scheme, host: host)
        }
        guard !rest.isEmpty, !rest.contains("/") else {
            throw .badRequest("source '\(text)' is not a scheme or an https origin", detail: ["source": .string(text)])
        }
        return .scheme(rest.lowercased())
    }
}
