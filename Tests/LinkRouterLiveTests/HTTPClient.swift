import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an exchange over ``HTTPConnection`` failed.
enum HTTPClientError: Error, Equatable {
    case socket(Int32)
    case connect(Int32)
    case send(Int32)
    /// No byte arrived within the read timeout.
    case timeout
    /// The server closed the connection (cleanly or with a reset) before a whole response arrived.
    case closed
    case malformed(String)
}

/// One HTTP/1.1 response.
struct HTTPResponse: CustomStringConvertible {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of `name`, compared without regard to case.
    subscript(name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw HTTPClientError.malformed("not a JSON object: \(text)")
        }
        return object
    }

    /// `error.code` of an error answer.
    var errorCode: String? {
        ((try? json())?["error"] as? [String: Any])?["code"] as? String
    }

    var description: String { "\(status) \(text.prefix(600))" }
}

/// A blocking HTTP/1.1 client on one POSIX socket to 127.0.0.1 that keeps its connection open between
/// requests (keep-alive). Every read and write has a timeout, so a test never hangs on it.
final class HTTPConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Set once the server has closed the connection (or answered `Connection: close`).
    private(set) var isClosed = false

    init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPClientError.socket(errno) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
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
        guard result == 0 else { throw HTTPClientError.connect(errno) }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The local port of this connection: the same value across requests proves the socket was reused.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Sends a request (with `Host`, and `Content-Length` when there is a body) and reads its answer.
    func send(
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        close: Bool = false
    ) throws -> HTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        if close { head += "Connection: close\r\n" }
        try write(Array((head + "\r\n").utf8) + body)
        return try readResponse(method: method)
    }

    /// A JSON request on this connection.
    func send(_ method: String, _ target: String, json: String, headers: [(String, String)] = []) throws
        -> HTTPResponse
    {
        try send(method, target, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Sends every byte; `MSG_NOSIGNAL` turns a closed peer into an error instead of SIGPIPE.
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                posixSend(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw HTTPClientError.send(errno) }
            offset += sent
        }
    }

    /// Reads one response: a `Content-Length` body, none for 204 and HEAD, else up to the close.
    func readResponse(method: String = "GET") throws -> HTTPResponse {
        let headEnd = try fill { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw HTTPClientError.malformed(head)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPClientError.malformed(line) }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
        }
        var response = HTTPResponse(status: status, headers: headers, body: [])
        let bodyStart = headEnd + 4
        if response["Transfer-Encoding"] != nil { throw HTTPClientError.malformed("chunked answer: \(head)") }
        if let length = response["Content-Length"].flatMap({ Int($0) }) {
            _ = try fill { $0.count >= bodyStart + length ? bodyStart + length : nil }
            response.body = Array(buffer[bodyStart..<(bodyStart + length)])
            buffer.removeFirst(bodyStart + length)
        } else if status == 204 || status == 304 || method == "HEAD" {
            buffer.removeFirst(bodyStart)
        } else {
            _ = waitForClose()
            response.body = Array(buffer[bodyStart...])
            buffer.removeAll()
        }
        if response["Connection"]?.lowercased() == "close" { isClosed = true }
        return response
    }

    /// Reads until the server closes; true when it did (end of file or reset) within the timeout.
    func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                isClosed = true
                return true
            }
            if count < 0 {
                if errno == EINTR { continue }
                isClosed = errno == ECONNRESET
                return isClosed
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Receives until `done` finds what it needs in the buffer, and returns what it found.
    private func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            if let found = done(buffer) { return found }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                isClosed = true
                throw HTTPClientError.closed
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPClientError.timeout }
                isClosed = true
                throw HTTPClientError.closed
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

/// `send(2)`, named apart from ``HTTPConnection/send(_:_:headers:body:close:)``.
private func posixSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}

/// A port on 127.0.0.1 nothing listens on: bound by the kernel's choice, then closed again.
func closedPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPClientError.socket(errno) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw HTTPClientError.socket(errno) }
    return Int(UInt16(bigEndian: address.sin_port))
}
