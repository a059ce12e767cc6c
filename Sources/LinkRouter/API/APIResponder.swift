public import LinkRouterHTTP
internal import LinkRouting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        try checkLength(ofLink: url.utf8.count)
    }

    /// Refuses a link of `length` UTF-8 bytes when that is more than ``maxLinkBytes``: a comparison
    /// where it is called, the error made out of line.
    @inline(__always)
    func checkLength(ofLink length: Int) throws(APIError) {
        guard _slowPath(length > maxLinkBytes) else { return }
        throw linkTooLong(length)
    }

    /// The 414 for a link of `length` UTF-8 bytes.
    @inline(never)
    private func linkTooLong(_ length: Int) -> APIError {
        APIError(
            414,
            "url_too_long",
            "the link is \(length) bytes long; the limit is \(maxLinkBytes)",
            detail: ["length": .int(length), "limit": .int(maxLinkBytes)]
        )
    }

    @inline(__always)  // into the protocol witness the server calls: one frame fewer
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = MonotonicClock.nanoseconds()
        var endpoint = Endpoint.other
        let response: HTTPResponse
        do {
            response = try dispatch(request, endpoint: &endpoint)
        } catch {
            response = Self.answer(error)
        }
        engine.metrics.record(
            endpoint: endpoint,
            status: response.status,
            nanoseconds: MonotonicClock.nanoseconds() &- start
        )
        return response
    }

    /// The answer to a request refused with `error`. Out of line: error answers are made away from
    /// the code an answered request runs.
    @inline(never)
    private static func answer(_ error: APIError) -> HTTPResponse {
        error.response
    }

    /// Finds the endpoint for the method and path and runs it. Inlined into its one caller: one
    /// frame and one copy of the answer fewer.
    @inline(__always)
    private func dispatch(_ request: HTTPRequest, endpoint: inout Endpoint) throws(APIError) -> HTTPResponse {
        // The navigate endpoint, told by its bytes; the split routes it too, at more cost.
        // Its method is matched by case: `==` on methods is a call.
        // Read from the path's bytes as the server keeps them: no `String` is made for the path.
        if surface == .public, let id = request.withPathBytes(NavigatePath.sessionID(bytes:)) {
            endpoint = .navigate
            if case .post = request.method {} else { try allow(Self.routed(request.method), .post) }
            return try navigate(id, request)
        }
        return try dispatchSplitting(request, endpoint: &endpoint)
    }

    /// ``dispatch(_:endpoint:)`` for every path but the navigate one's exact form, by the path's
    /// parts. Out of line: its frame and code stay out of a navigate's.
    @inline(never)
    private func dispatchSplitting(_ request: HTTPRequest, endpoint: inout Endpoint) throws(APIError)
        -> HTTPResponse
    {
        let method = Self.routed(request.method)
        let path = PathParts(request.path)
        switch path.count {
        case 1 where path.at(0, is: "healthz"):
            endpoint = .healthz
            try allow(method, .get)
            return healthz()
        case 1 where path.at(0, is: "metrics") && surface == .admin:
            endpoint = .metrics
            try allow(method, .get)
            return metrics()
        case 2 where path.at(0, is: "admin") && path.at(1, is: "reload") && surface == .admin:
            endpoint = .reload
            try allow(method, .post)
            return try reload(request)
        default:
            break
        }
        guard surface == .public else { throw .notFound() }
        if path.count == 2 && path.at(0, is: ".well-known") {
            endpoint = .wellKnown
            if path.at(1, is: "apple-app-site-association") {
                try allow(method, .get)
                return .json(200, engine.snapshot.appleAssociation)
            }
            if path.at(1, is: "assetlinks.json") {
                try allow(method, .get)
                return .json(200, engine.snapshot.assetLinks)
            }
            throw .notFound()
        }
        guard path.count >= 2, path.at(0, is: "v1") else { throw .notFound() }
        if path.at(1, is: "sessions") {
            return try sessions(request, method, path, endpoint: &endpoint)
        }
        switch path.count == 2 {
        case true where path.at(1, is: "links"):
            endpoint = .links
            try allow(method, .post)
            return try links(request)
        case true where path.at(1, is: "resolve"):
            endpoint = .resolve
            try allow(method, .post)
            return try resolve(request)
        case true where path.at(1, is: "routes"):
            endpoint = .routes
            try allow(method, .get)
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
            try allow(method, .post)
            return try createSession(request)
        }
        let id = path.string(2)
        switch path.count {
        case 3:
            try allow(method, [.get, .delete])
            if method == .delete {
                endpoint = .deleteSession
                return try deleteSession(id)
            }
            endpoint = .getSession
            return try getSession(id)
        case 4 where path.at(3, is: "navigate"):
            endpoint = .navigate
            try allow(method, .post)
            return try navigate(id, request)
        case 4 where path.at(3, is: "attributes"):
            endpoint = .attributes
            try allow(method, .patch)
            return try patchAttributes(id, request)
        case 4:
            guard let operation = StackEndpoint(rawValue: path.string(3)) else { throw .notFound() }
            endpoint = .stackOperation
            try allow(method, .post)
            return try stackOperation(operation, id, request)
        case 6 where path.at(3, is: "flows") && (path.at(5, is: "complete") || path.at(5, is: "cancel")):
            endpoint = .flow
            try allow(method, .post)
            return try flow(path.string(4), complete: path.at(5, is: "complete"), id, request)
        default:
            throw .notFound()
        }
    }

    /// The method an endpoint is chosen by: HEAD is answered as GET.
    private static func routed(_ method: HTTPMethod) -> HTTPMethod {
        if case .head = method { return .get }
        return method
    }

    /// The check for one allowed method: a comparison, the list built only for the 405.
    private func allow(_ method: HTTPMethod, _ only: HTTPMethod) throws(APIError) {
        guard method != only else { return }
        try allow(method, [only])
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
///
/// Parts are byte ranges of the path, compared with literals byte by byte: no array, no substring
/// (whose slicing checks scalar alignment) and no generic `StringProtocol` comparison per request.
struct PathParts {
    /// The most parts whose bounds are kept; the API's paths have at most six.
    static let capacity = 8

    private let path: String
    /// Parts `0..<min(count, capacity)`: start offset in the high 32 bits, end offset in the low.
    private var bounds: InlineArray<8, UInt64>
    /// Every part, including those past ``capacity``.
    private(set) var count: Int

    init(_ path: String) {
        self.path = path
        bounds = InlineArray(repeating: 0)
        count = 0
        if path.utf8.withContiguousStorageIfAvailable({ split($0) }) == nil {
            Array(path.utf8).withUnsafeBufferPointer { split($0) }
        }
    }

    private mutating func split(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = bytes.count
        if start < end, bytes[start] == UInt8(ascii: "/") { start = 1 }
        if end - start > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var segmentStart = start
        var offset = start
        if let base = bytes.baseAddress {
            // Eight bytes at a time, where a byte loop costs several instructions a byte: the
            // high bit of each byte of `found` is set exactly where the word holds a '/'.
            while offset &+ 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                var found = ByteWords.lanes(of: word, equalTo: UInt8(ascii: "/"))
                while found != 0 {
                    let slash = offset &+ found.trailingZeroBitCount >> 3
                    add(segmentStart, slash)
                    segmentStart = slash &+ 1
                    found &= found &- 1
                }
                offset &+= 8
            }
        }
        while offset < end {
            if bytes[offset] == UInt8(ascii: "/") {
                add(segmentStart, offset)
                segmentStart = offset + 1
            }
            offset += 1
        }
        add(segmentStart, end)
    }

    private mutating func add(_ start: Int, _ end: Int) {
        if count < Self.capacity { bounds[count] = UInt64(start) << 32 | UInt64(end) }
        count += 1
    }

    private func range(_ index: Int) -> Range<Int> {
        precondition(index < Swift.min(count, Self.capacity), "PathParts: part \(index) of \(count)")
        let packed = bounds[index]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// Whether part `index` is exactly `literal`.
    func at(_ index: Int, is literal: StaticString) -> Bool {
        let range = range(index)
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let same = path.utf8.withContiguousStorageIfAvailable { bytes in
            memcmp(bytes.baseAddress.unsafelyUnwrapped + range.lowerBound, literal.utf8Start, range.count) == 0
        }
        return same ?? (string(index) == literal.description)
    }

    /// Part `index` as a string: made from its bytes (a part lies between `/` bytes, so it is
    /// whole UTF-8), without a substring's index arithmetic and scalar-alignment checks.
    func string(_ index: Int) -> String {
        let range = range(index)
        let fromBytes = path.utf8.withContiguousStorageIfAvailable { bytes in
            String(repairingUTF8: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        if let fromBytes { return fromBytes }
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(path[start..<end])
    }
}
