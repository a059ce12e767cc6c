public import LinkRouterHTTP
import Synchronization

/// The HTTP API of SPEC §5 over plain request and response values: method and path dispatch,
/// metrics, and one error shape. The public and the admin port each get one.
public struct APIResponder: HTTPResponder {
    /// Which port this responder answers on: the admin endpoints exist only on `.admin`.
    public enum Surface: Sendable {
        case `public`, admin
    }

    public let engine: Engine
    public let surface: Surface
    /// When set, `POST /admin/reload` needs `Authorization: Bearer <token>`.
    public let adminToken: String?
    /// The longest link (in UTF-8 bytes) navigate, trail and resolve take; longer ones get 414
    /// `url_too_long`, the answer a request target over the same limit gets.
    public let maxLinkBytes: Int

    public init(
        engine: Engine,
        surface: Surface = .public,
        adminToken: String? = nil,
        maxLinkBytes: Int = APIResponder.defaultMaxLinkBytes
    ) {
        self.engine = engine
        self.surface = surface
        self.adminToken = adminToken
        self.maxLinkBytes = maxLinkBytes
    }

    /// 8 KiB, SPEC §6's URL length limit.
    public static let defaultMaxLinkBytes = 8 * 1024

    /// Refuses a link longer than ``maxLinkBytes``.
    func checkLength(ofLink url: String) throws(APIError) {
        let length = url.utf8.count
        guard length > maxLinkBytes else { return }
        throw APIError(
            414,
            "url_too_long",
            "the link is \(length) bytes long; the limit is \(maxLinkBytes)",
            detail: ["length": .int(length), "limit": .int(maxLinkBytes)]
        )
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = MonotonicClock.nanoseconds()
        var endpoint = Endpoint.other
        let response: HTTPResponse
        do {
            response = try dispatch(request, endpoint: &endpoint)
        } catch {
            response = error.response
        }
        engine.metrics.record(
            endpoint: endpoint,
            status: response.status,
            nanoseconds: MonotonicClock.nanoseconds() - start
        )
        return response
    }

    /// Finds the endpoint for the method and path and runs it.
    private func dispatch(_ request: HTTPRequest, endpoint: inout Endpoint) throws(APIError) -> HTTPResponse {
        let path = PathParts(request.path)
        let method = request.method == .head ? .get : request.method
        switch path.count {
        case 1 where path[0] == "healthz":
            endpoint = .healthz
            try allow(method, [.get])
            return healthz()
        case 1 where path[0] == "metrics" && surface == .admin:
            endpoint = .metrics
            try allow(method, [.get])
            return metrics()
        case 2 where path[0] == "admin" && path[1] == "reload" && surface == .admin:
            endpoint = .reload
            try allow(method, [.post])
            return try reload(request)
        default:
            break
        }
        guard surface == .public else { throw .notFound() }
        if path.count == 2 && path[0] == ".well-known" {
            endpoint = .wellKnown
            if path[1] == "apple-app-site-association" {
                try allow(method, [.get])
                return .json(200, engine.snapshot.appleAssociation)
            }
            if path[1] == "assetlinks.json" {
                try allow(method, [.get])
                return .json(200, engine.snapshot.assetLinks)
            }
            throw .notFound()
        }
        guard path.count >= 2, path[0] == "v1" else { throw .notFound() }
        switch path[1] {
        case "sessions":
            return try sessions(request, method, path, endpoint: &endpoint)
        case "links" where path.count == 2:
            endpoint = .links
            try allow(method, [.post])
            return try links(request)
        case "resolve" where path.count == 2:
            endpoint = .resolve
            try allow(method, [.post])
            return try resolve(request)
        case "routes" where path.count == 2:
            endpoint = .routes
            try allow(method, [.get])
            return .json(200, engine.snapshot.routesJSON)
        default:
            throw .notFound()
        }
    }

    private func sessions(
        _ request: HTTPRequest,
        _ method: HTTPMethod,
        _ path: PathParts,
        endpoint: inout Endpoint
    ) throws(APIError) -> HTTPResponse {
        if path.count == 2 {
            endpoint = .createSession
            try allow(method, [.post])
            return try createSession(request)
        }
        let id = String(path[2])
        switch path.count {
        case 3:
            try allow(method, [.get, .delete])
            if method == .delete {
                endpoint = .deleteSession
                return try deleteSession(id)
            }
            endpoint = .getSession
            return try getSession(id)
        case 4 where path[3] == "navigate":
            endpoint = .navigate
            try allow(method, [.post])
            return try navigate(id, request)
        case 4 where path[3] == "attributes":
            endpoint = .attributes
            try allow(method, [.patch])
            return try patchAttributes(id, request)
        case 4:
            guard let operation = StackEndpoint(rawValue: String(path[3])) else { throw .notFound() }
            endpoint = .stackOperation
            try allow(method, [.post])
            return try stackOperation(operation, id, request)
        case 6 where path[3] == "flows" && (path[5] == "complete" || path[5] == "cancel"):
            endpoint = .flow
            try allow(method, [.post])
            return try flow(String(path[4]), complete: path[5] == "complete", id, request)
        default:
            throw .notFound()
        }
    }

    private func allow(_ method: HTTPMethod, _ allowed: [HTTPMethod]) throws(APIError) {
        guard !allowed.contains(method) else { return }
        var names = allowed.map(\.name)
        if allowed.contains(.get) { names.append("HEAD") }
        let list = names.joined(separator: ", ")
        throw APIError(
            405,
            "method_not_allowed",
            "\(method.name) is not allowed here; use \(list)",
            headers: [(name: "Allow", value: list)]
        )
    }
}

/// The stack operations addressed as `/v1/sessions/{id}/OPERATION`.
enum StackEndpoint: String {
    case back
    case popToRoot = "pop-to-root"
    case popTo = "pop-to"
    case popBefore = "pop-before"
    case dismiss, restart, trail
}

/// A request path split at `/` on bytes, without the leading slash and one trailing slash.
struct PathParts {
    private let parts: [Substring]

    init(_ path: String) {
        // Byte offsets first (one pass over contiguous UTF-8), then one substring per part: walking
        // the string's UTF-8 view index by index cost more than the rest of the split.
        let parts = path.utf8.withContiguousStorageIfAvailable { bytes in Self.split(path, bytes) }
        self.parts = parts ?? Array(path.utf8).withUnsafeBufferPointer { Self.split(path, $0) }
    }

    private static func split(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> [Substring] {
        var start = 0
        var end = bytes.count
        if start < end, bytes[start] == UInt8(ascii: "/") { start = 1 }
        if end - start > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let utf8 = path.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var parts: [Substring] = []
        parts.reserveCapacity(6)
        var segmentStart = start
        var offset = start
        while offset < end {
            if bytes[offset] == UInt8(ascii: "/") {
                parts.append(path[index(segmentStart)..<index(offset)])
                segmentStart = offset + 1
            }
            offset += 1
        }
        parts.append(path[index(segmentStart)..<index(end)])
        return parts
    }

    var count: Int { parts.count }
    subscript(index: Int) -> Substring { parts[index] }
}
