internal import LinkNavigation
internal import LinkRouterHTTP

extension APIResponder {
    /// `POST /v1/sessions`: body optional `{"attributes":{...}}`; 201 with the session.
    func createSession(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        try body.only(["attributes"])
        var attributes: SessionAttributes = [:]
        if let given = try body.objectValue("attributes") {
            attributes.merge(try RequestBody.attributes(given, allowNull: false))
        }
        let session: Session
        do {
            session = try engine.store.create(attributes: attributes)
        } catch {
            throw APIError(error)
        }
        var response = sessionResponse(session, status: 201)
        response.headers.add("Location", "/v1/sessions/" + session.id)
        return response
    }

    func getSession(_ id: String) throws(APIError) -> HTTPResponse {
        guard let session = engine.store.session(id) else { throw APIError(SessionStoreError.noSession) }
        return sessionResponse(session, status: 200)
    }

    func deleteSession(_ id: String) throws(APIError) -> HTTPResponse {
        guard engine.store.delete(id) else { throw APIError(SessionStoreError.noSession) }
        return HTTPResponse(status: 204)
    }

    /// `PATCH /v1/sessions/{id}/attributes`: merges the body's attributes (`null` removes one). The
    /// body is the attribute map itself, or `{"attributes":{...}, "expect_version"?}`.
    func patchAttributes(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        var expected: Int?
        var given = body.object
        if case .object(let inner)? = body.object["attributes"],
            body.object.keys.allSatisfy({ $0 == "attributes" || $0 == "expect_version" })
        {
            given = inner
            expected = try body.int("expect_version")
        }
        let changes = try RequestBody.attributes(given, allowNull: true)
        do {
            let (_, session) = try engine.store.update(id, expectedVersion: expected) {
                session throws(NavigationFailure) in
                session.attributes.merge(changes)
            }
            return sessionResponse(session, status: 200)
        } catch {
            throw APIError(error)
        }
    }

    func sessionResponse(_ session: Session, status: Int) -> HTTPResponse {
        var writer = JSONWriter(capacity: 256 + 96 * session.stack.count)
        writer.sessionView(session, engine.config.rendering)
        return .json(status, writer)
    }
}
