import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `linkrouterd healthcheck`: GET /healthz on the local server without curl (for HEALTHCHECK).
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the local server answers GET /healthz with 200, else 1."
    )

    @Option(help: "The IPv4 address to ask.")
    var host = "127.0.0.1"

    @Option(help: "The port to ask.")
    var port = 8080

    @Option(help: "Seconds to wait for the answer.")
    var timeout = 3

    func run() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ExitCode(1) }
        defer { close(fd) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            print("healthcheck: \(host) is not an IPv4 address")
            throw ExitCode(1)
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            print("healthcheck: cannot connect to \(host):\(port)")
            throw ExitCode(1)
        }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { throw ExitCode(1) }
        var answer = [UInt8](repeating: 0, count: 512)
        let count = recv(fd, &answer, answer.count, 0)
        guard count > 12 else {
            print("healthcheck: no answer")
            throw ExitCode(1)
        }
        let head = String(decoding: answer[0..<count], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 200") || head.hasPrefix("HTTP/1.0 200") else {
            print("healthcheck: " + (head.split(separator: "\r\n").first.map(String.init) ?? "bad answer"))
            throw ExitCode(1)
        }
        print("healthcheck: ok")
    }
}
