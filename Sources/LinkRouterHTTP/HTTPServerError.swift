/// Why ``HTTPServer/start()`` failed.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration value libmicrohttpd cannot take; the message names it.
    case invalidConfiguration(String)
    /// ``HTTPServer/start()`` was called on a server that is already running.
    case alreadyRunning
    /// libmicrohttpd could not start: usually the address is in use or not local (see `errorLog`).
    case startFailed(host: String, port: Int)

    public var description: String {
        switch self {
        case .invalidConfiguration(let message): "invalid HTTP server configuration: \(message)"
        case .alreadyRunning: "the HTTP server is already running"
        case .startFailed(let host, let port): "the HTTP server could not listen on \(host) port \(port)"
        }
    }
}
