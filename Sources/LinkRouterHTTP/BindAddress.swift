#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed numeric listen address. Host names other than `localhost` are not resolved: a server
/// binds to an address it owns, and name lookup has no place in start-up.
enum BindAddress {
    case ipv4(in_addr_t)
    case ipv6(in6_addr)

    init(host: String) throws(HTTPServerError) {
        let host = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            self = .ipv4(v4.s_addr)
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            self = .ipv6(v6)
            return
        }
        throw .invalidConfiguration("host \"\(host)\" is not a numeric IPv4 or IPv6 address")
    }

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// Calls `body` with a `sockaddr` for this address and `port`, valid only during the call.
    func withSockAddr<R>(port: UInt16, _ body: (UnsafePointer<sockaddr>) -> R) -> R {
        switch self {
        case .ipv4(let address):
            var storage = sockaddr_in()
            storage.sin_family = sa_family_t(AF_INET)
            storage.sin_port = port.bigEndian
            storage.sin_addr = in_addr(s_addr: address)
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        case .ipv6(let address):
            var storage = sockaddr_in6()
            storage.sin6_family = sa_family_t(AF_INET6)
            storage.sin6_port = port.bigEndian
            storage.sin6_addr = address
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        }
    }
}
