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
    @exclusivity(unchecked) private(set) var target = RequestTarget.invalid
    @exclusivity(unchecked) var method = HTTPMethod.get
    @exclusivity(unchecked) private(set) var headerFields = ReceivedHeaderFields()
    @exclusivity(unchecked) private(set) var framing = Framing()
    @exclusivity(unchecked) private(set) var body: [UInt8] = []
    /// Body bytes read and dropped after the body passed the limit.
    @exclusivity(unchecked) private(set) var discardedBytes = 0
    @exclusivity(unchecked) private(set) var isBodyTooLarge = false
    @exclusivity(unchecked) private var maxBodyBytes = 0
    /// Whether a request has begun and not yet ended.
    @exclusivity(unchecked) private(set) var isInUse = false
    /// The buffer the next request's path is written into, over what it holds: an ASCII path's
    /// bytes (nearly every path's) stay in it as the request's, and come back when it ends.
    @exclusivity(unchecked) private var pathRoom: [UInt8] = []

    /// The largest buffer capacity kept for the next request: beyond it, a buffer is dropped. An
    /// idle connection then holds at most a few kibibytes here, beside libmicrohttpd's own pool.
    static let keptCapacity = 4 * 1024

    /// Starts a request with the raw target the URI log callback sees (borrowed for the call),
    /// read into the buffer the last request left; everything else is as new.
    func begin(uri: UnsafePointer<CChar>, maxTargetBytes: Int, maxBodyBytes: Int) {
        target = RequestTarget(uri: uri, maxBytes: maxTargetBytes, room: &pathRoom)
        self.maxBodyBytes = maxBodyBytes
        isInUse = true
    }

    /// Ends the request: forgets all it delivered, keeping the buffers' capacity for the next one.
    func end() {
        isInUse = false
        phase = .headers
        var taken = RequestTarget.invalid
        swap(&taken, &target)
        if case .parsed(var path, _) = consume taken, path.text == nil, path.bytes.count <= Self.keptCapacity {
            swap(&pathRoom, &path.bytes)
        }
        method = .get
        framing = Framing()
        discardedBytes = 0
        isBodyTooLarge = false
        headerFields.removeAll(keepingRoomUpTo: Self.keptCapacity)
        if body.capacity > Self.keptCapacity {
            body = []
        } else {
            body.removeAll(keepingCapacity: true)
        }
    }

    /// Keeps what the header walk counted, for the checks.
    func keepFraming(_ counted: Framing) {
        framing = counted
    }

    /// Keeps the fields of a request that passed the checks, for ``takeHeaderFields()``.
    func keepHeaders(_ fields: ReceivedHeaderFields) {
        headerFields = fields
    }

    /// Replaces the header fields with those `write` puts in the buffer an earlier request left
    /// (see ``ReceivedHeaderFields/overwrite(_:)``).
    func overwriteHeaders(_ write: (UnsafeMutableRawBufferPointer) -> ReceivedHeaderFields.Writer?) {
        headerFields.overwrite(write)
    }

    /// Prepares for a body of `length` bytes announced by `Content-Length` (already checked against the limit).
    func reserveBody(_ length: Int) {
        body.reserveCapacity(min(length, maxBodyBytes))
    }

    /// Copies one body chunk (borrowed for the call only), or counts it as discarded once the body is over the limit.
    func append(_ chunk: UnsafeRawBufferPointer) {
        if isBodyTooLarge {
            discardedBytes += chunk.count
        } else if body.count + chunk.count > maxBodyBytes {
            isBodyTooLarge = true
            discardedBytes = body.count + chunk.count
            body = []
        } else {
            body.append(contentsOf: chunk)
        }
    }

    /// The header fields kept by ``keepHeaders(_:)``, moved out of the accumulator instead of copied.
    func takeHeaderFields() -> ReceivedHeaderFields {
        var fields = ReceivedHeaderFields()
        swap(&fields, &headerFields)
        return fields
    }

    /// The body, moved out of the accumulator instead of copied.
    func takeBody() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &body)
        return taken
    }

    /// The parsed target's path and query, moved out of the accumulator instead of copied
    /// (until ``takeBack(partsOf:)``); `nil` for a target that was not parsed.
    func takeTarget() -> (path: HTTPRequest.TargetPath, query: String?)? {
        var taken = RequestTarget.invalid
        swap(&taken, &target)
        guard case .parsed(let path, let query) = consume taken else { return nil }
        return (path, query)
    }

    /// Takes back the parts ``takeTarget()``, ``takeHeaderFields()`` and ``takeBody()`` handed to
    /// `request` once it is answered: ``end()`` then keeps the buffers' capacity, and the target's
    /// strings are released there, after the answer, as the target's.
    func takeBack(partsOf request: inout HTTPRequest) {
        headerFields = request.headers.takeReceived()
        swap(&body, &request.body)
        var path = HTTPRequest.TargetPath.ascii([], count: 0)
        swap(&path, &request.target)
        var query: String? = nil
        swap(&query, &request.query)
        target = .parsed(path: path, query: query)
    }

    /// A non-empty run of ASCII digits as an `Int`, `Int.max` on overflow, `nil` for anything else.
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

/// The request target exactly as the client sent it, split at the first `?`.
enum RequestTarget {
    case parsed(path: HTTPRequest.TargetPath, query: String?)
    /// Longer than the configured limit; not kept.
    case tooLong
    /// Holds a space, a control character or bytes that are not UTF-8.
    case invalid

    /// Reads the NUL-terminated target libmicrohttpd passes to the URI log callback (borrowed for
    /// the call); an ASCII path is written into `room` (a new one when it is too short), and
    /// moved out of it.
    init(uri: UnsafePointer<CChar>, maxBytes: Int, room: inout [UInt8]) {
        let length = strlen(uri)
        guard length <= maxBytes else {
            self = .tooLong
            return
        }
        self = uri.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // libmicrohttpd (not strict) lets a space through (`GET /a b HTTP/1.1`); controls never belong here.
            let kinds = Self.classify(bytes)
            guard !kinds.hasControlOrSpace else { return .invalid }
            // memchr rather than `firstIndex(of:)`, which steps a byte at a time.
            let mark = memchr(start, Int32(UInt8(ascii: "?")), length).map {
                UnsafeRawPointer($0) - UnsafeRawPointer(start)
            }
            let pathBytes = UnsafeBufferPointer(rebasing: bytes[..<(mark ?? length)])
            let path: HTTPRequest.TargetPath
            // An ASCII target has an ASCII path; otherwise the path alone is looked at.
            if kinds.isASCII || String.isASCII(pathBytes) {
                // ASCII is valid UTF-8: the bytes are the `String`'s that would be made.
                var kept: [UInt8] = []
                swap(&kept, &room)
                if kept.count < pathBytes.count {
                    kept = [UInt8](repeating: 0, count: Swift.max(pathBytes.count, 64))
                }
                // Written over in place (the buffer is held by nothing else), a copy of the bytes.
                kept.withUnsafeMutableBufferPointer { room in
                    _ = room.update(fromContentsOf: pathBytes)
                }
                path = .ascii(kept, count: pathBytes.count)
            } else {
                guard let text = String(validatingUTF8: pathBytes) else { return .invalid }
                path = .text(text)
            }
            guard let mark else { return .parsed(path: path, query: nil) }
            guard let query = String(validatingUTF8: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...])) else {
                return .invalid
            }
            return .parsed(path: path, query: query)
        }
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
