internal import LinkNavigation
internal import LinkRouterHTTP
internal import LinkRouting

extension APIResponder {
    /// `GET /healthz`: `{"status":"ok","routes":N,"sessions":N}` on both ports.
    func healthz() -> HTTPResponse {
        var writer = JSONWriter(capacity: 64)
        writer.beginObject()
        writer.field("status", "ok")
        writer.field("routes", engine.config.table.routes.count)
        writer.field("sessions", engine.store.count)
        writer.endObject()
        return .json(200, writer)
    }

    /// `GET /metrics` (admin port): Prometheus text.
    func metrics() -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: HTTPHeaders([(name: "Content-Type", value: Metrics.contentType)]),
            body: engine.metrics.render()
        )
    }

    /// `POST /admin/reload` (admin port): reads the config file again; a broken file keeps the
    /// running table and is answered 422 `invalid_config` with every diagnostic.
    func reload(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        if let adminToken {
            let given = Self.bearerToken(request.headers["authorization"] ?? "") ?? ""
            guard !given.isEmpty, Self.constantTimeEqual(String(given), adminToken) else {
                throw APIError(
                    401,
                    "unauthorized",
                    "the admin token is missing or wrong",
                    headers: [(name: "WWW-Authenticate", value: "Bearer")]
                )
            }
        }
        do {
            let loaded = try engine.reload()
            var writer = JSONWriter(capacity: 256)
            writer.beginObject()
            writer.field("status", "reloaded")
            writer.field("file", loaded.file)
            writer.field("routes", loaded.table.routes.count)
            writer.key("warnings")
            writer.diagnostics(loaded.warnings)
            writer.endObject()
            return .json(200, writer)
        } catch {
            var writer = JSONWriter(capacity: 256)
            writer.diagnostics(error.diagnostics)
            let detail: JSONObject = ["diagnostics": (try? JSONParser().parse(writer.bytes)) ?? .array([])]
            throw APIError(
                422,
                "invalid_config",
                "the config has \(error.errors.count) error(s); the running table is kept",
                detail: detail
            )
        }
    }

    /// The credentials of an `Authorization: Bearer TOKEN` value: the scheme in any case
    /// (RFC 9110 §11.1), spaces around the token ignored; `nil` for another scheme.
    static func bearerToken(_ value: String) -> Substring? {
        let trimmed = value.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else { return nil }
        var token = trimmed[space...].drop { $0 == " " }
        while token.last == " " { token.removeLast() }
        return token
    }

    /// Compares without an early exit, so the time taken does not reveal the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(truncatingIfNeeded: x.count ^ y.count)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}

extension JSONWriter {
    /// Config diagnostics as `[{file, line, column, severity, code, message, hint}]`.
    mutating func diagnostics(_ diagnostics: [ConfigDiagnostic]) {
        beginArray()
        for diagnostic in diagnostics {
            beginObject()
            field("file", diagnostic.location.file)
            field("line", diagnostic.location.line)
            field("column", diagnostic.location.column)
            field("severity", diagnostic.severity.rawValue)
            field("code", diagnostic.code)
            field("message", diagnostic.message)
            field("hint", diagnostic.hint)
            endObject()
        }
        endArray()
    }
}
