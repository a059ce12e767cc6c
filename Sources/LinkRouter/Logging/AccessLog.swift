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
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var line: [UInt8] = []
        line.reserveCapacity(48 + path.utf8.count)
        Self.appendDecimal(now.tv_sec, to: &line)
        line.append(UInt8(ascii: "."))
        let millis = now.tv_nsec / 1_000_000
        line.append(UInt8(48 + millis / 100))
        line.append(UInt8(48 + millis / 10 % 10))
        line.append(UInt8(48 + millis % 10))
        line.append(0x20)
        line.append(contentsOf: method.name.utf8)
        line.append(0x20)
        Self.appendRedacted(path, to: &line)
        line.append(0x20)
        Self.appendDecimal(status, to: &line)
        line.append(0x20)
        Self.appendDecimal(nanoseconds / 1000, to: &line)
        line.append(contentsOf: "us\n".utf8)
        let full = buffer.withLock { buffer -> [UInt8]? in
            buffer.append(contentsOf: line)
            guard buffer.count >= Self.flushThreshold else { return nil }
            let out = buffer
            buffer.removeAll(keepingCapacity: true)
            return out
        }
        if let full { emit(full) }
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
    static func appendRedacted(_ path: String, to line: inout [UInt8]) {
        let bytes = Array(path.utf8)
        guard bytes.starts(with: sessionsPrefix) else {
            appendEscaped(bytes[...], to: &line)
            return
        }
        line.append(contentsOf: sessionsPrefix)
        let segments = bytes[sessionsPrefix.count...].split(
            separator: UInt8(ascii: "/"),
            omittingEmptySubsequences: false
        )
        let first = segments.firstIndex { !$0.isEmpty }
        for (index, segment) in segments.enumerated() {
            if index > 0 { line.append(UInt8(ascii: "/")) }
            let isFlowName = index >= 2 && index - 2 == first && segments[index - 1].elementsEqual("flows".utf8)
            if segment.isEmpty || (index != first && (isFlowName || actionWords.contains(Array(segment)))) {
                appendEscaped(segment, to: &line)
            } else {
                line.append(UInt8(ascii: "-"))
            }
        }
    }

    private static let sessionsPrefix = Array("/v1/sessions/".utf8)

    /// The words of the session API's paths (SPEC §5).
    private static let actionWords: Set<[UInt8]> = Set(
        [
            "navigate", "back", "pop-to-root", "pop-to", "pop-before", "dismiss", "restart", "trail",
            "attributes", "flows", "complete", "cancel",
        ].map { Array($0.utf8) }
    )

    private static func appendEscaped(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
        for byte in bytes {
            if byte > 0x20 && byte < 0x7F {
                line.append(byte)
            } else {
                line.append(UInt8(ascii: "%"))
                line.append(Self.hex[Int(byte >> 4)])
                line.append(Self.hex[Int(byte & 0x0F)])
            }
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    static func appendDecimal(_ value: Int, to line: inout [UInt8]) {
        if value < 0 {
            line.append(UInt8(ascii: "-"))
            appendDecimal(-value, to: &line)
            return
        }
        if value >= 10 { appendDecimal(value / 10, to: &line) }
        line.append(UInt8(48 + value % 10))
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
        log.record(
            method: request.method,
            path: request.path,
            status: response.status,
            nanoseconds: MonotonicClock.nanoseconds() - start
        )
        return response
    }
}
