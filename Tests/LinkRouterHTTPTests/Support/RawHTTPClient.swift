#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a raw exchange failed.
enum RawClientError: Error, Equatable {
    case socket(Int32)
    case connect(Int32)
    case send(Int32)
    /// No byte arrived within the read timeout.
    case timeout
    /// The server closed the connection (cleanly or with a reset) before a whole response arrived.
    case closed
    case malformed(String)
}

/// One parsed HTTP/1.1 response.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of `name`, compared without regard to case.
    subscript(name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking HTTP/1.1 client on one POSIX socket to 127.0.0.1, for framing the tests control byte
/// by byte. Every read has a timeout, so a test never hangs.
final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, readTimeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError.socket(errno) }
        var timeout = timeval(tv_sec: Int(readTimeout), tv_usec: Int((readTimeout - Double(Int(readTimeout))) * 1e6))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: a class whose stored properties are all set runs `deinit` when its
        // initializer throws, and closing twice could close a descriptor another test has opened since.
        guard result == 0 else { throw RawClientError.connect(errno) }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Sends every byte; `MSG_NOSIGNAL` turns a closed peer into an error instead of SIGPIPE.
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawClientError.send(errno) }
            offset += sent
        }
    }

    /// Reads one response with a `Content-Length` body; bytes after it stay buffered for the next one.
    func readResponse() throws -> RawResponse {
        let headEnd = try fill { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw RawClientError.malformed(head)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError.malformed(line) }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.append((String(line[..<colon]), String(value)))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
        let length = response["Content-Length"].flatMap { Int($0) } ?? 0
        let bodyStart = headEnd + 4
        _ = try fill { $0.count >= bodyStart + length ? bodyStart + length : nil }
        response.body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return response
    }

    /// Reads until the server closes; true when it did (EOF or reset) within the timeout.
    func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Receives until `done` finds what it needs in the buffer, and returns what it found.
    private func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            if let found = done(buffer) { return found }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw RawClientError.closed }
            if count < 0 {
                throw errno == EAGAIN || errno == EWOULDBLOCK ? RawClientError.timeout : RawClientError.closed
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
