import Synchronization
import Testing

@testable import LinkRouterHTTP

/// Answers with bodies in ``ResponseBytes`` blocks, the request body's bytes copied into each, and
/// keeps a weak reference to every block it made.
final class BlockResponder: HTTPResponder {
    struct Weak {
        weak var storage: ResponseBytes.Storage?
    }
    let made = Mutex<[Weak]>([])

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let block = ResponseBytes(capacity: request.body.count)
        block.start.initialize(from: request.body, count: request.body.count)
        block.count = request.body.count
        made.withLock { $0.append(Weak(storage: block.storage)) }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/octet-stream")
        return HTTPResponse(status: 200, headers: headers, block: block)
    }

    /// How many blocks are still held by someone other than the pool of spare blocks
    /// (libmicrohttpd, until it has sent them).
    var held: Int {
        made.withLock { blocks in
            blocks.filter { $0.storage.map { !ResponseBlockPool.shared.holds($0) } ?? false }.count
        }
    }
    var count: Int { made.withLock { $0.count } }
}

extension HTTPServerLiveTests {
    /// A block body goes out byte for byte without a copy, on a kept-alive connection and to a HEAD
    /// request, and every block is released (or kept as a spare) once libmicrohttpd has sent it.
    @Test func blockBodiesAreSentAsTheyAreAndReleased() async throws {
        let responder = BlockResponder()
        try await withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            for size in [0, 1, 1_000, 60_000] {
                let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
                try client.write(requestHead("POST", "/block", ["Content-Length: \(size)"]))
                try client.write(body)
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == body)
                #expect(response["Content-Length"] == String(size))
            }
            try client.write(requestHead("HEAD", "/block"))
            #expect(try client.readResponse().status == 200)
            try client.write(requestHead("POST", "/block", ["Content-Length: 2"]) + "ok")
            #expect(try client.readResponse().text == "ok")
            // Released once sent, while the server runs and the connection stays open.
            #expect(responder.count == 6)
            #expect(eventually { responder.held == 0 })
        }
    }
}
