#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP request as the server hands it to a ``HTTPResponder``: everything already read.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target's path exactly as sent: not percent-decoded, without the query.
    public var path: String
    /// The raw query string after `?`, not decoded; `nil` when the target has none.
    ///
    /// Spelled `Optional<String>`, not `String?`: a `String?` stored property starts as `nil`, so
    /// the initializer's `self.query = query` was an assignment over it, which kept the optimizer
    /// from building the request in registers; the server then copied every request once more
    /// (a retain and a release per field) on its way to the responder.
    public var query: Optional<String>
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(
        method: HTTPMethod,
        path: String,
        query: String? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// Request methods; anything else keeps its name.
public enum HTTPMethod: Sendable, Hashable {
    case get, head, post, put, patch, delete, options
    case other(String)

    public init(_ name: String) {
        switch name {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "PATCH": self = .patch
        case "DELETE": self = .delete
        case "OPTIONS": self = .options
        default: self = .other(name)
        }
    }

    /// The method named by a C string (libmicrohttpd's), compared in place: no `String` is made
    /// for the usual ones.
    init(cString name: UnsafePointer<CChar>) {
        if strcmp(name, "POST") == 0 {
            self = .post
        } else if strcmp(name, "GET") == 0 {
            self = .get
        } else {
            self = HTTPMethod(String(cString: name))
        }
    }

    public var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .other(let name): name
        }
    }
}
