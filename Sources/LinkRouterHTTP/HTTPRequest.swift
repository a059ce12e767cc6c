/// One HTTP request as the server hands it to a ``HTTPResponder``: everything already read.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target's path exactly as sent: not percent-decoded, without the query. Made
    /// on each read from the bytes the server keeps (see ``withPathBytes(_:)``).
    public var path: String {
        get {
            if let text = target.text { return text }
            return withPathBytes { String(decoding: $0, as: UTF8.self) }
        }
        set { target = .text(newValue) }
    }
    /// The path as the server or the initializer gave it.
    @usableFromInline var target: TargetPath
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
        self.init(method: method, target: .text(path), query: query, headers: headers, body: body)
    }

    init(method: HTTPMethod, target: TargetPath, query: String?, headers: HTTPHeaders, body: [UInt8]) {
        self.method = method
        self.target = target
        self.query = query
        self.headers = headers
        self.body = body
    }
}

extension HTTPRequest {
    /// Lends the path's UTF-8 bytes (those of ``path``) for the call: the server's request path is
    /// read where it lies, and no `String` is made for it.
    @inlinable
    public func withPathBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // The bytes are read in place: no copy of the path, no retain.
        if var text = target.text { return try text.withUTF8(body) }
        let count = target.count
        return try target.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// A request path: a `String`, or the ASCII bytes the server read (a valid `String`'s UTF-8
    /// as they are), which it keeps from one request to the next instead of a new `String` each.
    /// Two fields, not an enum: reading an enum's payload copied it (a retain and a release).
    @usableFromInline
    struct TargetPath: Sendable {
        /// The path's bytes, the first ``count`` of these when ``text`` is `nil`: the buffer is
        /// kept at its length from one request to the next, and written over.
        @usableFromInline var bytes: [UInt8]
        @usableFromInline var count: Int
        /// The path, when given as a `String` (or not ASCII).
        @usableFromInline var text: Optional<String>

        static func text(_ text: String) -> TargetPath { TargetPath(bytes: [], count: 0, text: text) }

        /// The path in the first `count` of `bytes`.
        static func ascii(_ bytes: [UInt8], count: Int) -> TargetPath {
            TargetPath(bytes: bytes, count: count, text: nil)
        }
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
    /// and no function is called for the usual ones.
    init(cString name: UnsafePointer<CChar>) {
        if Self.is(name, "POST") {
            self = .post
        } else if Self.is(name, "GET") {
            self = .get
        } else {
            self = Self.named(name)
        }
    }

    /// Whether the C string `name` is `literal`, compared a byte at a time: a byte is read only
    /// once those before it matched, so never past the string's NUL (which no literal byte matches).
    @inline(__always)
    private static func `is`(_ name: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        for i in 0..<count where UInt8(bitPattern: name[i]) != literal.utf8Start[i] { return false }
        return name[count] == 0
    }

    /// The method named by a C string that is neither of the usual two.
    @inline(never)
    private static func named(_ name: UnsafePointer<CChar>) -> HTTPMethod {
        HTTPMethod(String(cString: name))
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
