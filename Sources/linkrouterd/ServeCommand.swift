import ArgumentParser
import LinkNavigation
import LinkRouter
import LinkRouterHTTP
import LinkRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `linkrouterd serve`: the public API and the admin port, until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (public port) and metrics and reload (admin port on 127.0.0.1)."
    )

    @OptionGroup var options: ConfigOption

    @Option(help: "The address the public port binds.")
    var host = "0.0.0.0"

    @Option(help: "The public port (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("admin-host"), help: "The address the admin port binds.")
    var adminHost = "127.0.0.1"

    @Option(name: .customLong("admin-port"), help: "The admin port (/metrics, /admin/reload); 0 picks a free one.")
    var adminPort = 8081

    @Option(name: .customLong("admin-token-file"), help: "A file holding the bearer token /admin/reload requires.")
    var adminTokenFile: String?

    @Option(help: "Worker threads (default: the number of cores).")
    var threads = HTTPServer.Configuration.defaultThreads

    @Option(name: .customLong("max-body"), help: "The largest request body in bytes.")
    var maxBody = 64 * 1024

    @Option(name: .customLong("max-url"), help: "The longest request target, and the longest link, in bytes.")
    var maxURL = 8 * 1024

    @Option(name: .customLong("max-connections"), help: "The most connections open at once.")
    var maxConnections = 1000

    @Option(name: .customLong("connection-timeout"), help: "Seconds an idle connection is kept.")
    var connectionTimeout = 10

    @Option(name: .customLong("access-log"), help: "stdout, a file path, or off.")
    var accessLog = "off"

    func run() throws {
        // A closed standard output (a log reader that went away) must not kill the daemon: writes to
        // it fail with EPIPE and are dropped instead. Sockets already use MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        let (config, path) = try options.load()
        for warning in config.warnings { StandardError.write("\(warning)\n") }
        let engine = Engine(config: config, configPath: path)
        let token = try adminTokenFile.map(Self.readToken)
        let log: AccessLog?
        switch accessLog {
        case "off": log = nil
        case "stdout", "-": log = .standardOutput()
        default:
            guard let file = AccessLog(path: accessLog) else {
                StandardError.write("linkrouterd: cannot open the access log \(accessLog)\n")
                throw ExitCode(1)
            }
            log = file
        }
        func responder(_ surface: APIResponder.Surface) -> any HTTPResponder {
            let api = APIResponder(engine: engine, surface: surface, adminToken: token, maxLinkBytes: maxURL)
            return log.map { LoggingResponder(api, log: $0) } ?? api
        }
        // Signals are taken synchronously by this thread: block them before any worker starts.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        var limits = HTTPServer.Configuration(
            host: host,
            port: port,
            threads: threads,
            connectionLimit: maxConnections,
            connectionTimeout: connectionTimeout,
            maxBodyBytes: maxBody,
            maxURLBytes: maxURL,
            errorLog: { StandardError.write("libmicrohttpd: \($0)\n") }
        )
        let server = HTTPServer(configuration: limits, responder: responder(.public))
        limits.host = adminHost
        limits.port = adminPort
        limits.threads = 1
        let admin = HTTPServer(configuration: limits, responder: responder(.admin))
        do {
            try server.start()
            try admin.start()
        } catch {
            server.stop()
            StandardError.write("linkrouterd: cannot start: \(error)\n")
            throw ExitCode(1)
        }
        print("linkrouterd: serving \(config.table.routes.count) routes from \(config.file)")
        print("linkrouterd: public http://\(host):\(server.boundPort ?? port)")
        print("linkrouterd: admin  http://\(adminHost):\(admin.boundPort ?? adminPort)")
        fflushStandardOutput()

        waitForSignals(signals, engine: engine, log: log)
        print("linkrouterd: stopping; finishing requests in flight")
        fflushStandardOutput()
        server.stop()
        admin.stop()
        log?.flush()
        print("linkrouterd: stopped")
    }

    /// Serves until SIGTERM or SIGINT; SIGHUP reloads. Also sweeps expired sessions and flushes the
    /// access log about once a second.
    private func waitForSignals(_ signals: sigset_t, engine: Engine, log: AccessLog?) {
        var signals = signals
        var timeout = timespec(tv_sec: 1, tv_nsec: 0)
        var ticks = 0
        while true {
            let received = sigtimedwait(&signals, nil, &timeout)
            switch received {
            case SIGTERM, SIGINT:
                return
            case SIGHUP:
                do {
                    let loaded = try engine.reload()
                    print("linkrouterd: reloaded \(loaded.table.routes.count) routes from \(loaded.file)")
                } catch {
                    StandardError.write("linkrouterd: reload failed, keeping the running table:\n\(error)\n")
                }
                fflushStandardOutput()
            default:
                ticks += 1
                log?.flush()
                if ticks % 10 == 0 { engine.store.removeExpired() }
            }
        }
    }

    private static func readToken(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else {
            StandardError.write("linkrouterd: cannot read the admin token file \(path)\n")
            throw ExitCode(1)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        let token = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        guard !token.isEmpty else {
            StandardError.write("linkrouterd: the admin token file \(path) is empty\n")
            throw ExitCode(1)
        }
        return token
    }
}

func fflushStandardOutput() { fflush(nil) }

extension String {
    func trimmingWhitespace() -> String {
        var utf8 = Substring(self).utf8[...]
        while let first = utf8.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09 {
            utf8 = utf8.dropFirst()
        }
        while let last = utf8.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 {
            utf8 = utf8.dropLast()
        }
        return String(Substring(utf8))
    }
}
