// The Hummingbird peer of bench-http.sh: `POST /v1/sessions/{id}/navigate` served by Hummingbird 2's
// HTTP stack (SwiftNIO, async/await handlers, Hummingbird's router) and answered by the very engine
// linkrouterd uses: `APIResponder(engine:).respond(to:)` with an `HTTPRequest` built from Hummingbird's
// request (method, path, query, headers, the body collected). Only the HTTP stack differs from
// linkrouterd; the answer is linkrouterd's own JSON with its headers.
//
//     HummingbirdPeer --config FILE [--host 127.0.0.1] [--port 8080] [--threads 1]
//
// Stock Hummingbird settings otherwise: the `Date` header on (Hummingbird's DateCache), no request
// logging, handlers on the default Swift Concurrency executor.
import HTTPTypes
import Hummingbird
import LinkRouter
import LinkRouterHTTP
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var config = ""
    var host = "127.0.0.1"
    var port = 8080
    var threads = 1

    init(_ arguments: [String]) {
        var index = 1
        func value() -> String {
            index += 1
            guard index < arguments.count else { fail("missing value for \(arguments[index - 1])") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--config": config = value()
            case "--host": host = value()
            case "--port": port = Int(value()) ?? 0
            case "--threads": threads = Int(value()) ?? 1
            default: fail("unknown argument \(arguments[index])")
            }
            index += 1
        }
        guard !config.isEmpty, port > 0, threads > 0 else {
            fail("usage: HummingbirdPeer --config FILE [--host H] [--port P] [--threads N]")
        }
    }
}

func fail(_ message: String) -> Never {
    var text = "HummingbirdPeer: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

/// The largest request body accepted, as linkrouterd's default `--max-body`.
let maxBody = 64 * 1024

let options = Options(CommandLine.arguments)
let loaded: LoadedConfig
do {
    loaded = try ConfigLoader.load(path: options.config)
} catch {
    fail("\(error)")
}
let api = APIResponder(engine: Engine(config: loaded, configPath: options.config))

let router = Router()
router.post("/v1/sessions/:id/navigate") { request, _ -> Response in
    var headers = LinkRouterHTTP.HTTPHeaders()
    for field in request.headers { headers.add(field.name.rawName, field.value) }
    let body = try await request.body.collect(upTo: maxBody)
    let answer = api.respond(
        to: LinkRouterHTTP.HTTPRequest(
            method: LinkRouterHTTP.HTTPMethod(request.method.rawValue),
            path: request.uri.path,
            query: request.uri.query,
            headers: headers,
            body: Array(buffer: body)
        )
    )
    var fields = HTTPFields()
    for field in answer.headers {
        if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
    }
    return Response(
        status: HTTPTypes.HTTPResponse.Status(code: answer.status),
        headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
    )
}

var logger = Logger(label: "HummingbirdPeer")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port)),
    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: options.threads)),
    logger: logger
)
print("HummingbirdPeer: serving \(loaded.table.routes.count) routes on http://\(options.host):\(options.port)")
try await app.runService()
