#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything one request has delivered so far: its raw target, method, headers and body.
///
/// Ownership: each connection holds one, retained in its socket context from the connection's
/// start to its close, and its requests use it in turn: the URI log callback begins a request on
/// it and returns it, borrowed, which libmicrohttpd stores as the request's `*req_cls`; the
/// request-completed callback ends the request (see ``RequestContext``; a request that finds it
/// in use gets one of its own). Its header and body buffers keep their capacity from one
/// request to the next, so a usual request allocates neither.
///
/// Deliberately not `Sendable`: libmicrohttpd serves one connection on one worker thread and never
/// calls back for one request concurrently, so it is only ever touched by that thread. For the same
/// reason its state is `@exclusivity(unchecked)`: no two accesses can overlap, and the run-time
/// check Swift otherwise makes on every access to a class's `var` cost about 80 instructions each,
/// eleven times per request.
final class RequestAccumulator {
    /// Where the request is in libmicrohttpd's calls to the access handler.
    enum Phase {
        /// Not yet called: the next call carries the complete headers.
        case headers
        /// Headers accepted: calls with data carry body bytes; the call without data is the last.
        case body
        /// A response is queued; nothing more is expected.
        case answered
    }

    @exclusivity(unchecked) var phase = Phase.headers
    /// What the target read as; its path and query are the request's.
    @exclusivity(unchecked) private(set) var target = RequestTarget.invalid
    /// The request as far as it has arrived, built where it lies and lent to the responder in
    /// place (``withRequest(_:)``): never moved into a request of its own and back, nor dropped.
    /// Its path's bytes, header buffer and body keep their capacity from one request to the next.
    @exclusivity(unchecked) private var request = HTTPRequest(
        method: .get,
        target: .ascii([], count: 0),
        query: nil,
        headers: HTTPHeaders(received: ReceivedHeaderFields()),
        body: []
    )
    /// Body bytes read and dropped after the body passed the limit.
    @exclusivity(unchecked) private(set) var discardedBytes = 0
    @exclusivity(unchecked) private(set) var isBodyTooLarge = false
    @exclusivity(unchecked) private var maxBodyBytes = 0
    /// Whether a request has begun and not yet ended.
    @exclusivity(unchecked) private(set) var isInUse = false

    /// The largest buffer capacity kept for the next request: beyond it, a buffer is dropped. An
    /// idle connection then holds at most a few kibibytes here, beside libmicrohttpd's own pool.
    static let keptCapacity = 4 * 1024

    /// The request's method.
    var method: HTTPMethod {
        get { request.method }
        set { request.method = newValue }
    }

    /// Starts a request with the raw target the URI log callback sees (borrowed for the call),
    /// read over the path the last request left; everything else is as new.
    func begin(uri: UnsafePointer<CChar>, maxTargetBytes: Int, maxBodyBytes: Int) {
        target = RequestTarget.read(uri: uri, maxBytes: maxTargetBytes, path: &request.target, query: &request.query)
        self.maxBodyBytes = maxBodyBytes
        isInUse = true
    }

    /// Ends the request: forgets all it delivered, keeping the buffers' capacity for the next one.
    /// (The method stays unless it holds a name: the next request's headers set it before anything
    /// reads it.) A string is dropped only when there is one: dropping a `nil` still calls the runtime.
    func end() {
        isInUse = false
        phase = .headers
        target = .invalid
        if case .other = request.method { request.method = .get }
        if request.target.text != nil { request.target.text = nil }
        request.target.count = 0
        if request.target.bytes.count > Self.keptCapacity { request.target.bytes = [] }
        if request.query != nil { request.query = nil }
        discardedBytes = 0
        isBodyTooLarge = false
        request.headers.removeAllReceived(keepingRoomUpTo: Self.keptCapacity)
        if request.body.capacity > Self.keptCapacity {
            request.body = []
        } else {
            request.body.removeAll(keepingCapacity: true)
        }
    }

    /// Keeps the fields of a request that passed the checks, as the request's.
    func keepHeaders(_ fields: ReceivedHeaderFields) {
        request.headers = HTTPHeaders(received: fields)
    }

    /// Replaces the header fields with those `write` puts in the buffer an earlier request left
    /// (see ``ReceivedHeaderFields/overwrite(_:)``).
    func overwriteHeaders(_ write: (UnsafeMutableRawBufferPointer) -> ReceivedHeaderFields.Writer?) {
        request.headers.overwriteReceived(write)
    }

    /// Prepares for a body of `length` bytes announced by `Content-Length` (already checked against the limit).
    func reserveBody(_ length: Int) {
        let wanted = min(length, maxBodyBytes)
        // The buffer the connection's earlier requests left usually has the room already: its
        // capacity is read in place, where `reserveCapacity` first calls out to check that the
        // buffer is not shared.
        if wanted > request.body.capacity { request.body.reserveCapacity(wanted) }
    }

    /// Copies one body chunk (borrowed for the call only), or counts it as discarded once the body is over the limit.
    func append(_ chunk: UnsafeRawBufferPointer) {
        if isBodyTooLarge {
            discardedBytes += chunk.count
        } else if request.body.count + chunk.count > maxBodyBytes {
            isBodyTooLarge = true
            discardedBytes = request.body.count + chunk.count
            request.body = []
        } else {
            request.body.append(contentsOf: chunk)
        }
    }

    /// Calls `body` with the request, lent in place for the call (no copy of its parts, which
    /// stay the accumulator's); only meaningful once its target is parsed.
    func withRequest<Result>(_ body: (inout HTTPRequest) -> Result) -> Result {
        body(&request)
    }

    /// A non-empty run of ASCII digits as an `Int`, `Int.max` on overflow, `nil` for anything else.
    /// Inlined in the header walk, which otherwise saves and restores its registers around the call.
    @inline(__always)
    private static func parseDecimal(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return Int.max }
            value = sum
        }
        return value
    }
}

extension RequestAccumulator {
    /// What the headers say about how the body is framed, for the smuggling checks.
    struct Framing {
        var contentLengthCount = 0
        /// The last `Content-Length` value; `nil` when absent or not a number.
        var contentLength: Int?
        var transferEncodingCount = 0
        var transferEncodingIsChunked = false
        var hostCount = 0
        /// Not 0 once a field's name ends in a space or tab (`Content-Length : 5`).
        var malformedNames: UInt64 = 0
        var headerBytes = 0
        /// What the fields take in ``ReceivedHeaderFields``.
        var storedBytes = 0

        /// Reads one header field for the checks, and counts the bytes ``ReceivedHeaderFields``
        /// will need for it; both buffers are borrowed for the call only. The sums cannot
        /// overflow: every field is in libmicrohttpd's pool, which the connection's memory limit
        /// bounds.
        @inline(__always)
        mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
            headerBytes &+= name.count &+ value.count &+ 4  // ": " and CRLF
            storedBytes &+= ReceivedHeaderFields.storedSize(name: name.count, value: value.count)
            // RFC 9112 §5.1: whitespace between a name and its colon is refused, as it would let a
            // proxy and this server disagree on the framing: libmicrohttpd keeps the space in the
            // name, so `Content-Length : 5` would frame no body here. Its last byte is enough.
            // Without a branch: bit 0x20 (space) and bit 0x09 (tab) of a mask, for a last byte below 64.
            let last = UInt64(name.last ?? 0x41)
            malformedNames |= (0x1_0000_0200 &>> last) & (last < 64 ? 1 : 0)
            // By length first: most fields are none of the three, and each name has its own length.
            switch name.count {
            case 14 where HTTPHeaders.equalsLowercased(name, "content-length"):
                contentLengthCount &+= 1
                contentLength = RequestAccumulator.parseDecimal(value)
            case 17 where HTTPHeaders.equalsLowercased(name, "transfer-encoding"):
                transferEncodingCount &+= 1
                transferEncodingIsChunked = HTTPHeaders.equalsLowercased(value, "chunked")
            case 4 where HTTPHeaders.equalsLowercased(name, "host"):
                hostCount &+= 1
            default:
                break
            }
        }
    }
}

/// How the request target read; a parsed target's path and query are the request's.
enum RequestTarget {
    case parsed
    /// Longer than the configured limit; not kept.
    case tooLong
    /// Holds a space, a control character or bytes that are not UTF-8.
    case invalid

    /// Reads the NUL-terminated target libmicrohttpd passes to the URI log callback (borrowed for
    /// the call), split at the first `?`, into `path` and `query`, which must be as ``RequestAccumulator/end()``
    /// leaves them (no text, no query): an ASCII path is written over `path`'s bytes (new ones
    /// when they are too short). Both are left as they are unless it returns ``parsed``.
    static func read(
        uri: UnsafePointer<CChar>,
        maxBytes: Int,
        path: inout HTTPRequest.TargetPath,
        query: inout String?
    ) -> RequestTarget {
        let length = strlen(uri)
        guard length <= maxBytes else { return .tooLong }
        return uri.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // libmicrohttpd (not strict) lets a space through (`GET /a b HTTP/1.1`); controls never belong here.
            let kinds = Self.classify(bytes)
            guard !kinds.hasControlOrSpace else { return .invalid }
            // memchr rather than `firstIndex(of:)`, which steps a byte at a time.
            let mark = memchr(start, Int32(UInt8(ascii: "?")), length).map {
                UnsafeRawPointer($0) - UnsafeRawPointer(start)
            }
            let pathBytes = UnsafeBufferPointer(rebasing: bytes[..<(mark ?? length)])
            let queryBytes = mark.map { UnsafeBufferPointer(rebasing: bytes[($0 + 1)...]) }
            // An ASCII target has an ASCII path; otherwise the path alone is looked at.
            if !kinds.isASCII && !String.isASCII(pathBytes) {
                return readText(pathBytes, queryBytes, path: &path, query: &query)
            }
            if let queryBytes {
                guard let valid = String(validatingUTF8: queryBytes) else { return .invalid }
                query = valid
            }
            // ASCII is valid UTF-8: the bytes are the `String`'s that would be made.
            if path.bytes.count < pathBytes.count {
                path.bytes = [UInt8](repeating: 0, count: Swift.max(pathBytes.count, 64))
            }
            // Written over in place (copied first when anything else holds the buffer).
            path.bytes.withUnsafeMutableBufferPointer { room in
                _ = room.update(fromContentsOf: pathBytes)
            }
            path.count = pathBytes.count
            return .parsed
        }
    }

    /// ``read(uri:maxBytes:path:query:)`` for a path beyond ASCII, kept as a `String`: out of line,
    /// so that the usual ASCII path holds no optional string to drop. Both buffers are borrowed
    /// for the call; `path` and `query` are left as they are unless it returns ``parsed``.
    @inline(never)
    private static func readText(
        _ pathBytes: UnsafeBufferPointer<UInt8>,
        _ queryBytes: UnsafeBufferPointer<UInt8>?,
        path: inout HTTPRequest.TargetPath,
        query: inout String?
    ) -> RequestTarget {
        guard let text = String(validatingUTF8: pathBytes) else { return .invalid }
        if let queryBytes {
            guard let valid = String(validatingUTF8: queryBytes) else { return .invalid }
            query = valid
        }
        path.text = text
        return .parsed
    }
}

extension RequestTarget {
    /// Whether any byte is a control, a space or DEL (see ``classify(_:)``).
    static func hasControlOrSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        classify(bytes).hasControlOrSpace
    }

    /// Whether any byte is a control, a space or DEL, and whether all are ASCII, in one pass
    /// eight bytes at a time (the last word overlapping the one before): a word has a byte
    /// below 0x21 exactly when `(word - 0x21…) & ~word` has a high bit set, and a DEL exactly when
    /// `word ^ 0x7F…` has a zero byte (each test may mark wrong bytes after a true one, never
    /// a word without one); a byte is not ASCII exactly when its high bit is set.
    @inline(__always)
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasControlOrSpace: Bool, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (false, true) }
        let count = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        guard count >= 8 else {
            var hasControlOrSpace = false
            var all: UInt8 = 0
            for offset in 0..<count {
                let byte = base[offset]
                if byte <= 0x20 || byte == 0x7F { hasControlOrSpace = true }
                all |= byte
            }
            return (hasControlOrSpace, all & 0x80 == 0)
        }
        var found: UInt64 = 0
        var all: UInt64 = 0
        var offset = 0
        repeat {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            found |= Self.marksControlOrSpace(word)
            all |= word
            offset &+= 8
        } while offset &+ 8 <= count
        if offset < count {
            // The last eight bytes: a byte seen twice changes neither test.
            let word = UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self)
            found |= Self.marksControlOrSpace(word)
            all |= word
        }
        return (found & high != 0, all & high == 0)
    }

    /// A high bit set in some byte exactly when `word` holds a byte below 0x21 or a DEL.
    @inline(__always)
    private static func marksControlOrSpace(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let deletes = word ^ (ones &* 0x7F)
        return ((word &- ones &* 0x21) & ~word) | ((deletes &- ones) & ~deletes)
    }
}
