internal import LinkNavigation
internal import LinkRouterHTTP
internal import LinkRouting

extension APIResponder {
    /// `POST /v1/sessions/{id}/navigate`: `{"url", "strategy"?, "via"?, "expect_version"?}` or the
    /// bare URL as text.
    func navigate(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard let bare = try Self.bareLink(request) else { return try navigateJSON(id, request) }
        try checkLength(ofLink: bare.count)
        // Lifetime: the link is the body's bytes, lent for this call. The navigation matches
        // them where they lie and the answer is rendered from them before the call returns;
        // what outlives it (the stored session, a parked navigation, an error) holds strings.
        return try request.body.withUnsafeBufferPointer { (body) throws(APIError) -> HTTPResponse in
            let link = LinkText(lending: UnsafeBufferPointer(rebasing: body[bare]))
            return try navigate(id, request, link, strategy: nil, via: nil, expected: nil)
        }
    }

    /// ``navigate(_:_:)`` for a JSON body. Out of line: the field reading and its errors stay out of
    /// the code a bare link runs through.
    @inline(never)
    private func navigateJSON(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        try body.only(["url", "strategy", "via", "expect_version"])
        var url = try body.requiredString("url")
        let strategy = try body.strategy()
        var via = Optional(try body.strings("via") ?? [])
        let expected = try body.int("expect_version")
        try checkLength(ofLink: url)
        // Lent as a bare link's bytes are (see above), here the string's, which lives until this
        // call returns: the navigation reads the link as it reads a bare one, in place.
        let answered = url.withUTF8 { (bytes) -> Result<HTTPResponse, APIError> in
            // `via` is taken out once, here: moved into the request, not copied as a capture.
            guard let via = via.take() else { preconditionFailure("via is taken once") }
            return Result { () throws(APIError) -> HTTPResponse in
                try navigate(id, request, LinkText(lending: bytes), strategy: strategy, via: via, expected: expected)
            }
        }
        return try answered.get()
    }

    /// ``navigate(_:_:)`` once the request's link and fields are read: inlined, the store's call
    /// with it, so that a bare link's navigate runs as one short piece of code.
    @inline(__always)
    private func navigate(
        _ id: String,
        _ request: HTTPRequest,
        _ link: consuming LinkText,
        strategy: Strategy?,
        via: consuming [String]?,
        expected: Int?
    ) throws(APIError) -> HTTPResponse {
        let config = engine.config
        let readsHeaders = config.navigator.readsHeaders
        // The link and `via` are moved into the request, not copied: their last use here. With no
        // `via` (`nil`: a bare link's) and no headers to read, no empty array or dictionary is made.
        let navigation =
            if via == nil && !readsHeaders {
                Navigator.Request(link: link, strategy: strategy)
            } else {
                Navigator.Request(
                    link: link,
                    strategy: strategy,
                    via: via ?? [],
                    lowercasedHeaders: readsHeaders ? request.headerDictionary : [:]
                )
            }
        // A client-chosen id: one lookup when the session exists, as it does after its first link.
        do {
            // ``runInPlace(_:_:_:_:)`` written out: the store's body calls the navigator itself, not
            // through a closure that calls it.
            return try answer(config) { (outcome, made) throws(SessionStoreError) -> Int in
                try engine.store.applyLendingStack(Self.handedOver(id), expectedVersion: expected) {
                    (session) throws(NavigationFailure) -> Bool in
                    try config.navigator.navigate(navigation, in: &session, into: outcome)
                    made = true
                    return !outcome.pointee.resolution.isUnchanged
                }
            }
        } catch {
            guard config.sessions.clientIDs, error.code == "no_session" else { throw error }
        }
        // A local function, not a closure in a `let`: passed only as a non-escaping argument, its
        // captures need no heap box.
        func navigate(_ session: inout Session, _ outcome: UnsafeMutablePointer<NavigationOutcome>)
            throws(NavigationFailure)
        {
            try config.navigator.navigate(navigation, in: &session, into: outcome)
        }
        return try runCreating(id, expected, config, navigate)
    }

    /// A copy of `id` to hand over: a small string (nearly every id is one) made from its words,
    /// without the call into the runtime that a copy of a string makes.
    @inline(__always)
    private static func handedOver(_ id: String) -> String {
        if let words = SmallStringLayout.words(of: id), let copy = SmallStringLayout.string(words) { return copy }
        return id
    }

    /// ``runInPlace(_:_:_:_:)`` on a client-chosen id that names no session yet: the session is made
    /// first, and dropped again when the navigation is refused.
    @inline(never)
    private func runCreating(
        _ id: String,
        _ expected: Int?,
        _ config: LoadedConfig,
        _ navigation: (inout Session, UnsafeMutablePointer<NavigationOutcome>) throws(NavigationFailure) -> Void
    ) throws(APIError) -> HTTPResponse {
        let created: Bool
        do {
            created = try engine.store.getOrCreate(id: id).created
        } catch .invalidID {
            throw .badRequest(SessionStoreError.invalidID.description)
        } catch {
            throw APIError(error)
        }
        do {
            return try runInPlace(id, expected, config, navigation)
        } catch {
            // A refused navigation leaves no session behind: drop the one it created, unless
            // another request has changed it since (its version is no longer 1).
            if created, engine.store.session(id)?.version == 1 { engine.store.delete(id) }
            throw error
        }
    }

    /// A stack operation: `back`, `pop-to-root`, `pop-to` and `pop-before` (`{"screen"}`), `dismiss`,
    /// `restart`, `trail` (`{"urls"}`); `expect_version` optional.
    func stackOperation(_ endpoint: StackEndpoint, _ id: String, _ request: HTTPRequest) throws(APIError)
        -> HTTPResponse
    {
        let body = try RequestBody(request)
        let config = engine.config
        let operation: StackOperation?
        switch endpoint {
        case .popTo, .popBefore:
            try body.only(["screen", "expect_version"])
            let screen = try body.requiredString("screen")
            guard config.graph[screen] != nil else {
                throw .badRequest("unknown screen '\(screen)'", detail: ["screen": .string(screen)])
            }
            operation = endpoint == .popTo ? .popTo(screen) : .popBefore(screen)
        case .trail:
            try body.only(["urls", "expect_version"])
            guard let urls = try body.strings("urls"), !urls.isEmpty else {
                throw .badRequest("'urls' is required: a non-empty list of links", detail: ["field": .string("urls")])
            }
            for url in urls { try checkLength(ofLink: url) }
            let expected = try body.int("expect_version")
            return try run(id, expected, config) { (session) throws(NavigationFailure) in
                try config.navigator.trail(urls, session: session)
            }
        case .back: operation = .back
        case .popToRoot: operation = .popToRoot
        case .dismiss: operation = .dismiss
        case .restart: operation = .restart
        }
        if endpoint != .popTo && endpoint != .popBefore { try body.only(["expect_version"]) }
        let expected = try body.int("expect_version")
        guard let operation else { throw .notFound() }
        return try run(id, expected, config) { (session) throws(NavigationFailure) in
            try config.navigator.perform(operation, session: session)
        }
    }

    /// `POST /v1/sessions/{id}/flows/{flow}/complete` (optional `attributes`) or `.../cancel`.
    func flow(_ name: String, complete: Bool, _ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        let config = engine.config
        guard config.config.flows[name] != nil else {
            throw APIError(404, "not_found", "unknown flow '\(name)'", detail: ["flow": .string(name)])
        }
        let expected = try body.int("expect_version")
        guard complete else {
            try body.only(["expect_version"])
            return try run(id, expected, config) { (session) throws(NavigationFailure) in
                try config.navigator.cancelFlow(name, session: session)
            }
        }
        try body.only(["attributes", "expect_version"])
        var attributes: [String: AttributeValue?] = [:]
        if let given = try body.objectValue("attributes") {
            for (key, value) in try RequestBody.attributes(given, allowNull: true) { attributes[key] = value }
        }
        let headers = request.headerDictionary
        return try run(id, expected, config) { (session) throws(NavigationFailure) in
            try config.navigator.completeFlow(name, attributes: attributes, headers: headers, session: session)
        }
    }

    /// Runs a navigation on the stored session under its lock and answers with the result.
    private func run(
        _ id: String,
        _ expected: Int?,
        _ config: LoadedConfig,
        _ navigation: (Session) throws(NavigationFailure) -> NavigationOutcome
    ) throws(APIError) -> HTTPResponse {
        try runInPlace(id, expected, config) { (session, made) throws(NavigationFailure) in
            made.initialize(to: try navigation(session))
            // Only the stack, counter and parked navigation are assigned: the id and attributes
            // are the lent session's own.
            session.become(made.pointee.session)
        }
    }

    /// ``run(_:_:_:_:)`` for a navigation that leaves the session it is lent as its outcome's
    /// session, the stack changed in place (the store lends the stack by move), and whose
    /// resolution goes from the stack it was lent to the one it leaves. The navigation initialises
    /// the outcome it is given unless it throws: written there, the outcome is not copied out of
    /// a returned value again.
    @inline(__always)
    private func runInPlace(
        _ id: String,
        _ expected: Int?,
        _ config: LoadedConfig,
        _ navigation: (inout Session, UnsafeMutablePointer<NavigationOutcome>) throws(NavigationFailure) -> Void
    ) throws(APIError) -> HTTPResponse {
        try answer(config) { (outcome, made) throws(SessionStoreError) -> Int in
            // Not `update`: the outcome already has the session's parts as stored, so only its
            // version is missing, and no copy of the session is made.
            try engine.store.applyLendingStack(id, expectedVersion: expected) {
                (session) throws(NavigationFailure) -> Bool in
                try navigation(&session, outcome)
                made = true
                // The resolution's transition is empty exactly when the stack is unchanged.
                return !outcome.pointee.resolution.isUnchanged
            }
        }
    }

    /// The answer to a navigation that `apply` runs on a stored session: `apply` initialises the
    /// outcome it is given, sets `made` once it has, and returns the version stored, or throws what
    /// the store threw (the outcome then never initialised).
    @inline(__always)
    private func answer(
        _ config: LoadedConfig,
        _ apply: (UnsafeMutablePointer<NavigationOutcome>, inout Bool) throws(SessionStoreError) -> Int
    ) throws(APIError) -> HTTPResponse {
        // The outcome is made in place and answered from there: it is never moved out of the
        // store's closure through a generic result (each move copies all of its bytes).
        try withUnsafeTemporaryAllocation(of: NavigationOutcome.self, capacity: 1) {
            (space) throws(APIError) -> HTTPResponse in
            guard let outcome = space.baseAddress else { preconditionFailure("no room for the outcome") }
            // Lifetime: `outcome` is initialised once, when the navigation returns, and moved out
            // below before the allocation ends; when the navigation throws it is never initialised.
            var made = false
            let version: Int
            do throws(SessionStoreError) {
                version = try apply(outcome, &made)
            } catch {
                throw refusal(error, config)
            }
            guard made else { preconditionFailure("SessionStore.apply returned without running its body") }
            // Moved out, not copied: a copy would retain each of its references.
            let answered = outcome.move()
            engine.metrics.recordNavigation(Metrics.NavigationResult(answered.status))
            // An answer's size: the writer gets a spare block of the server's pool (ResponseBlockPool),
            // room for 4 KiB, which becomes the body as it is, with no copy, and goes back to the pool
            // once sent.
            var writer = JSONWriter(capacity: 1000)
            writer.navigationAnswer(answered, version: version, config.rendering)
            return .json(200, writer)
        }
    }

    /// The answer to a navigation the store refused, counted. Out of line: error answers are made
    /// away from the code a navigation that goes through runs.
    @inline(never)
    private func refusal(_ error: SessionStoreError, _ config: LoadedConfig) -> APIError {
        if case .navigation(let refused) = error { engine.metrics.recordNavigation(Self.result(of: refused)) }
        return APIError(error, fallback: config.app.fallback)
    }

    /// A `text/plain` (or form-encoded, as curl's `-d` sends) body that is not JSON: the URL itself.
    /// Where it lies in the body, checked as valid UTF-8 (no string is made), or `nil`.
    static func bareLink(_ request: HTTPRequest) throws(APIError) -> Range<Int>? {
        // Only text and form encoding (or no type) carry a bare URL: JSON is read as JSON, other
        // media types are refused (415) there.
        let carriesURL = request.headers.contentType { RequestBody.carriesBareURL(contentType: $0) }
        guard carriesURL ?? true else { return nil }
        // Trimmed and read through one buffer: no slice of the array, no checked subscripts.
        var trimmed: Range<Int>?
        let valid = request.body.withUnsafeBufferPointer { body -> Bool in
            var start = 0
            var end = body.count
            while start < end, Self.isSpace(body[start]) { start &+= 1 }
            while end > start, Self.isSpace(body[end &- 1]) { end &-= 1 }
            guard start < end, body[start] != UInt8(ascii: "{") else { return false }
            trimmed = start..<end
            // Links are almost always ASCII: eight bytes at a time; anything else fully checked.
            let link = UnsafeBufferPointer(rebasing: body[start..<end])
            return String.isASCII(link) || Self.isUTF8(link)
        }
        guard let trimmed else { return nil }  // empty, or JSON
        guard valid else {
            throw InvalidUTF8Location.error(in: request.body[trimmed]).map(APIError.malformed)
                ?? APIError(400, "malformed_url", "the URL is not valid UTF-8")
        }
        return trimmed
    }

    /// Whether `bytes` are valid UTF-8. Out of line: the check of a link that is not ASCII stays out
    /// of the code an ASCII one runs.
    @inline(never)
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// Space, tab, LF or CR: what may surround a bare URL.
    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// How a refused navigation is counted.
    static func result(of failure: NavigationFailure) -> Metrics.NavigationResult {
        switch failure {
        case .noRoute: .noRoute
        case .rejected: .rejected
        case .navigation(.missingParam), .navigation(.invalidParam): .invalidParam
        default: .error
        }
    }
}
