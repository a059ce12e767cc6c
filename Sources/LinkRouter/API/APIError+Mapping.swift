internal import LinkNavigation
internal import LinkRouting

extension APIError {
    /// The answer for a navigation that did not happen (SPEC §5 codes).
    init(_ failure: NavigationFailure, fallback: [(platform: String, url: String)] = []) {
        switch failure {
        case .malformed(let error):
            self = .malformed(error)
        case .noRoute(let url):
            var detail: JSONObject = ["url": .string(url)]
            if !fallback.isEmpty {
                var urls = JSONObject()
                for (platform, template) in fallback {
                    _ = urls.append(key: platform, value: .string(Self.fill(template, url: url)))
                }
                _ = detail.append(key: "fallback", value: .object(urls))
            }
            self.init(404, "no_route", "no route for \(url)", detail: detail)
        case .rejected(let status, let code, let interceptor):
            self.init(
                status,
                code,
                "rejected by interceptor '\(interceptor)'",
                detail: ["interceptor": .string(interceptor)]
            )
        case .redirectLoop(let chain):
            self.init(508, "redirect_loop", failure.description, detail: ["chain": .array(chain.map { .string($0) })])
        case .tooManyRedirects(let chain):
            self.init(
                508,
                "too_many_redirects",
                failure.description,
                detail: ["chain": .array(chain.map { .string($0) })]
            )
        case .badRedirect(let url):
            self.init(500, "bad_redirect", failure.description, detail: ["url": .string(url)])
        case .navigation(let error):
            self.init(error)
        case .unknownFlow(let name):
            self.init(404, "not_found", failure.description, detail: ["flow": .string(name)])
        case .notParked(let name):
            self.init(409, "invalid_navigation", failure.description, detail: ["flow": .string(name)])
        }
    }

    init(_ error: NavigationError) {
        switch error {
        case .unknownScreen(let name):
            self.init(400, "bad_request", error.description, detail: ["screen": .string(name)])
        case .missingParam(let screen, let param), .invalidParam(let screen, let param, _):
            self.init(
                422,
                "invalid_param",
                error.description,
                detail: ["screen": .string(screen), "param": .string(param)]
            )
        case .invalidNavigation:
            self.init(409, "invalid_navigation", error.description)
        case .stackTooDeep(let limit):
            self.init(409, "stack_too_deep", error.description, detail: ["limit": .int(limit)])
        case .versionConflict(let expected, let actual):
            self = .versionConflict(expected: expected, actual: actual)
        }
    }

    init(_ error: SessionStoreError, fallback: [(platform: String, url: String)] = []) {
        switch error {
        case .noSession: self.init(404, "no_session", "no such session")
        case .invalidID: self.init(404, "no_session", error.description)
        case .sessionLimit: self.init(503, "session_limit", error.description)
        case .versionConflict(let expected, let actual): self = .versionConflict(expected: expected, actual: actual)
        case .navigation(let failure): self.init(failure, fallback: fallback)
        }
    }

    static func versionConflict(expected: Int, actual: Int) -> APIError {
        APIError(
            409,
            "version_conflict",
            "expected version \(expected), the session is at \(actual)",
            detail: ["expected": .int(expected), "version": .int(actual)]
        )
    }

    static func malformed(_ error: MalformedURLError) -> APIError {
        APIError(
            400,
            "malformed_url",
            error.description,
            detail: [
                "component": .string(error.component.rawValue),
                "reason": .string(error.reason.rawValue),
                "offset": .int(error.offset),
            ]
        )
    }

    /// A fallback template with `{url}` (the link, query-encoded) and `{path}` (its path and query,
    /// without the leading slash) filled in.
    static func fill(_ template: String, url: String) -> String {
        var path = Substring(url)
        if let schemeEnd = url.firstRange(of: "://") {
            let scheme = url[..<schemeEnd.lowerBound].lowercased()
            path = url[schemeEnd.upperBound...]
            // A web link's host is not part of its path; a custom scheme's host slot is.
            if scheme == "http" || scheme == "https" {
                path = path.firstIndex(of: "/").map { path[path.index(after: $0)...] } ?? ""
            }
        } else if let colon = url.firstIndex(of: ":") {
            path = url[url.index(after: colon)...].drop { $0 == "/" }
        }
        if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
        return template.replacing("{path}", with: path).replacing("{url}", with: URLEncoding.queryComponent(url))
    }
}
