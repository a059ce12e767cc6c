public import LinkRouterHTTP
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The access log (SPEC §6): one line per request, `TIME METHOD PATH STATUS DURATIONus`, with session
/// ids redacted. Lines are appended to a buffer under a short lock and written out when it fills or
/// on ``flush()``: the request path never waits for the disk.
public final class AccessLog: Sendable {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let buffer: Mutex<[UInt8]>
    private static let flushThreshold = 32 * 1024

    /// Logs to standard output.
    public static func standardOutput() -> AccessLog { AccessLog(descriptor: 1, owns: false) }

    /// Appends to `path`, creating it.
    public convenience init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.init(descriptor: fd, owns: true)
    }

    private init(descriptor: Int32, owns: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        var initial: [UInt8] = []
        initial.reserveCapacity(Self.flushThreshold * 2)
        self.buffer = Mutex(initial)
    }

    deinit {
        flush()
        if ownsDescriptor { close(descriptor) }
    }

    /// Records one request.
    public func record(method: HTTPMethod, path: String, status: Int, nanoseconds: Int) {
        var path = path
        path.withUTF8 { record(method: method, pathBytes: $0, status: status, nanoseconds: nanoseconds) }
    }

    /// ``record(method:path:status:nanoseconds:)`` for the path's UTF-8 bytes, borrowed for the
    /// call: the line is written on the stack, then copied into the buffer under the lock.
    func record(method: HTTPMethod, pathBytes: UnsafeBufferPointer<UInt8>, status: Int, nanoseconds: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var name = method.name
        name.withUTF8 { name in
            // Three numbers of at most 20 digits and a sign, the separators, and each byte of the
            // name and the path escaped to at most three.
            let room = 80 + 3 * name.count + 3 * pathBytes.count
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { room in
                guard let start = room.baseAddress else { return }
                var line = LineWriter(start)
                line.appendDecimal(now.tv_sec)
                line.append(UInt8(ascii: "."))
                let millis = now.tv_nsec / 1_000_000
                line.append(UInt8(48 + millis / 100))
                line.append(UInt8(48 + millis / 10 % 10))
                line.append(UInt8(48 + millis % 10))
                line.append(0x20)
                // Escaped as the path is: a method is any token the client sent, and a control
                // byte in it must not reach a terminal reading the log.
                line.appendEscaped(name)
                line.append(0x20)
                Self.appendRedacted(pathBytes, to: &line)
                line.append(0x20)
                line.appendDecimal(status)
                line.append(0x20)
                line.appendDecimal(nanoseconds / 1000)
                line.append(UInt8(ascii: "u"))
                line.append(UInt8(ascii: "s"))
                line.append(UInt8(ascii: "\n"))
                let written = UnsafeBufferPointer(start: start, count: line.count)
                let full = buffer.withLock { buffer -> [UInt8]? in
                    buffer.append(contentsOf: written)
                    guard buffer.count >= Self.flushThreshold else { return nil }
                    let out = buffer
                    buffer.removeAll(keepingCapacity: true)
                    return out
                }
                if let full { emit(full) }
            }
        }
    }

    /// Writes out what is buffered.
    public func flush() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            let out = buffer
            buffer.removeAll(keepingCapacity: true)
            return out
        }
        if !pending.isEmpty { emit(pending) }
    }

    private func emit(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// The path with every segment after `/v1/sessions/` that could carry a session id replaced
    /// by `-`: only the API's own words (`navigate`, `flows`, ...) and a flow's name are kept, so
    /// `/v1/sessions//ID/navigate` or `/v1/sessions/ID/ID2` never leak an id. Bytes outside
    /// printable ASCII are written as `%XX` so a line can never be split or forged.
    ///
    /// This form, over a string into an array, serves the tests: the log itself writes the path's
    /// bytes straight into its line with the byte form below, which does the work.
    static func appendRedacted(_ path: String, to line: inout [UInt8]) {
        var path = path
        path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * bytes.count + 1) { room in
                guard let start = room.baseAddress else { return }
                var writer = LineWriter(start)
                appendRedacted(bytes, to: &writer)
                line.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.count))
            }
        }
    }

    /// ``appendRedacted(_:to:)`` for the path's bytes, a segment at a time with no copy of them.
    static func appendRedacted(_ bytes: UnsafeBufferPointer<UInt8>, to line: inout LineWriter) {
        let prefix: StaticString = "/v1/sessions/"
        let prefixCount = prefix.utf8CodeUnitCount
        guard bytes.count >= prefixCount, let base = bytes.baseAddress,
            memcmp(base, prefix.utf8Start, prefixCount) == 0
        else {
            line.appendEscaped(bytes)
            return
        }
        line.append(UnsafeBufferPointer(start: prefix.utf8Start, count: prefixCount))
        // The segments after the prefix, split at every `/` (empty ones included); `first` is the
        // index of the first non-empty one, which is always redacted.
        var first: Int?
        var previous = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var index = 0
        var segmentStart = prefixCount
        while true {
            var segmentEnd = segmentStart
            while segmentEnd < bytes.count && bytes[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
            let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart..<segmentEnd])
            if index > 0 { line.append(UInt8(ascii: "/")) }
            if first == nil && !segment.isEmpty { first = index }
            let isFlowName = index >= 2 && index - 2 == first && previous.equals("flows")
            if segment.isEmpty || (index != first && (isFlowName || Self.isActionWord(segment))) {
                line.appendEscaped(segment)
            } else {
                line.append(UInt8(ascii: "-"))
            }
            guard segmentEnd < bytes.count else { break }
            previous = segment
            index += 1
            segmentStart = segmentEnd + 1
        }
    }

    /// The words of the session API's paths (SPEC §5).
    private static let actionWords: [StaticString] = [
        "navigate", "back", "pop-to-root", "pop-to", "pop-before", "dismiss", "restart", "trail",
        "attributes", "flows", "complete", "cancel",
    ]

    private static func isActionWord(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        actionWords.contains { segment.equals($0) }
    }
}

/// A responder that writes each request to an ``AccessLog``.
public struct LoggingResponder: HTTPResponder {
    public let inner: any HTTPResponder
    public let log: AccessLog

    public init(_ inner: any HTTPResponder, log: AccessLog) {
        self.inner = inner
        self.log = log
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = MonotonicClock.nanoseconds()
        let response = inner.respond(to: request)
        let elapsed = MonotonicClock.nanoseconds() - start
        // The path's bytes as the server keeps them: no `String` is made for it.
        request.withPathBytes {
            log.record(method: request.method, pathBytes: $0, status: response.status, nanoseconds: elapsed)
        }
        return response
    }

    /// A request the server answered itself (413, 414, 431, 400 framing errors): logged too, with
    /// no duration of the responder's and `-` for a path that was refused, and passed on.
    public func refused(_ request: HTTPRequest, status: Int) {
        request.withPathBytes { path in
            if path.isEmpty {
                log.record(method: request.method, path: "-", status: status, nanoseconds: 0)
            } else {
                log.record(method: request.method, pathBytes: path, status: status, nanoseconds: 0)
            }
        }
        inner.refused(request, status: status)
    }
}
