/// An answer to one request. The server adds `Content-Length` and `Date`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    /// Where the body's bytes are.
    public enum Content: Sendable {
        /// An array, which the server copies once into libmicrohttpd's response.
        case bytes([UInt8])
        /// A block the server hands to libmicrohttpd as it is, with no copy.
        case block(ResponseBytes)
    }
    public var content: Content

    /// The body's bytes (a copy when they are in a ``ResponseBytes`` block).
    public var body: [UInt8] {
        get {
            switch content {
            case .bytes(let bytes): bytes
            case .block(let block): block.bytes
            }
        }
        set { content = .bytes(newValue) }
    }

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.content = .bytes(body)
    }

    /// The response's parts, moved out.
    consuming func takeApart() -> (status: Int, headers: HTTPHeaders, content: Content) {
        (status, headers, content)
    }

    /// A response whose body is `block`, sent without a copy.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), block: ResponseBytes) {
        self.status = status
        self.headers = headers
        self.content = .block(block)
    }
}

/// Turns requests into responses. Called on the server's threads, concurrently: it must be
/// thread-safe and must not block for long.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Told of a request the server answered itself with `status`, before or instead of
    /// ``respond(to:)`` (a limit or a framing error: see ``HTTPServer``), for the responder's
    /// metrics and logs. `request` holds what had arrived: its method, and its path unless the
    /// target itself was refused (then it is empty). Called on the server's threads, like
    /// ``respond(to:)``. The default does nothing.
    func refused(_ request: HTTPRequest, status: Int)
}

extension HTTPResponder {
    public func refused(_ request: HTTPRequest, status: Int) {}
}
