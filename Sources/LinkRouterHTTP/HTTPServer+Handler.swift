private import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer.Box {
    /// Starts a request from the raw target libmicrohttpd's URI log callback sees, before it parses it,
    /// on the accumulator of `connection` (a new one when it has none free).
    ///
    /// Returns the request's context (see ``RequestContext``): the caller stores it in `*req_cls`,
    /// and the request-completed callback ends it with ``endRequest(_:)``.
    func beginRequest(uri: UnsafePointer<CChar>, connection: OpaquePointer?) -> UnsafeMutableRawPointer {
        let context: RequestContext
        if let connection, let raw = cmhd_socket_context(connection),
            !Unmanaged<RequestAccumulator>.fromOpaque(raw)._withUnsafeGuaranteedRef({ $0.isInUse })
        {
            context = .borrowing(raw)
        } else {
            context = .owning(Unmanaged.passRetained(RequestAccumulator()))
        }
        context.accumulator._withUnsafeGuaranteedRef {
            $0.begin(uri: uri, maxTargetBytes: limits.maxURLBytes, maxBodyBytes: limits.maxBodyBytes)
        }
        counters.inFlight.wrappingAdd(1, ordering: .relaxed)
        return context.raw
    }

    /// Balances ``beginRequest(uri:connection:)``: ends the request whose context is `raw`, and
    /// releases its accumulator when the request held its own.
    func endRequest(_ raw: UnsafeMutableRawPointer) {
        let context = RequestContext(raw)
        context.accumulator._withUnsafeGuaranteedRef { $0.end() }
        if context.owns { context.accumulator.release() }
        counters.inFlight.wrappingSubtract(1, ordering: .releasing)
    }

    /// One call of libmicrohttpd's access handler. Returns `false` only when libmicrohttpd itself failed
    /// or the client must be cut off, which closes the connection; every other outcome is an HTTP answer.
    func handle(
        connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        url: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> Bool {
        if requestContext.pointee == nil {
            requestContext.pointee = beginUnlogged(url: url, connection: connection)
        }
        guard let raw = requestContext.pointee else { return false }
        // Borrowed without a retain and release: alive until the request completes (see `RequestContext`).
        return RequestContext(raw).accumulator._withUnsafeGuaranteedRef { accumulator in
            step(
                accumulator,
                connection: connection,
                method: method,
                version: version,
                uploadData: uploadData,
                uploadSize: uploadSize
            )
        }
    }

    /// Begins a request the URI log callback did not: it always runs first, so this only keeps a
    /// request without it from being lost, off the access handler's usual path. With the identity
    /// unescaper `url` is raw too, but its query is gone.
    @inline(never)
    private func beginUnlogged(url: UnsafePointer<CChar>, connection: OpaquePointer) -> UnsafeMutableRawPointer {
        beginRequest(uri: url, connection: connection)
    }

    /// One call of the access handler for the request `accumulator` holds.
    private func step(
        _ accumulator: RequestAccumulator,
        connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>
    ) -> Bool {
        switch accumulator.phase {
        case .headers:
            accumulator.phase = .body
            accumulator.method = HTTPMethod(cString: method)
            if let rejection = checkHead(of: accumulator, version: version, on: connection) {
                accumulator.phase = .answered
                return reject(rejection, of: accumulator, on: connection)
            }
            return true
        case .body:
            let size = uploadSize.pointee
            if size > 0 {
                // upload_data is borrowed: copy it now, and never queue a response in this phase.
                accumulator.append(UnsafeRawBufferPointer(start: uploadData, count: size))
                uploadSize.pointee = 0
                return accumulator.discardedBytes <= limits.maxDiscardBytes
            }
            accumulator.phase = .answered
            return finish(accumulator, on: connection)
        case .answered:
            uploadSize.pointee = 0
            return true
        }
    }

    /// The checks made once the headers are in; a response here is sent before any body is read,
    /// and libmicrohttpd then closes the connection.
    private func checkHead(
        of accumulator: RequestAccumulator,
        version: UnsafePointer<CChar>?,
        on connection: OpaquePointer
    ) -> Rejection? {
        switch accumulator.target {
        case .tooLong: return .urlTooLong
        case .invalid: return .invalidTarget
        case .parsed: break
        }
        // One walk over libmicrohttpd's list (a linked list in the connection's pool) checks the
        // framing and writes the fields into the buffer the connection's earlier requests left; a
        // second one, into a buffer of the size the first counted, only when they did not fit there.
        // The walk is on this stack, where the checks read its framing in place; its writer
        // writes into the buffer only during `overwriteHeaders`, and is not used after.
        var walk = HeaderWalk(
            writer: ReceivedHeaderFields.Writer(buffer: UnsafeMutableRawBufferPointer(start: nil, count: 0))
        )
        accumulator.overwriteHeaders { buffer in
            walk.writer = ReceivedHeaderFields.Writer(buffer: buffer)
            _ = withUnsafeMutablePointer(to: &walk) {
                MHD_get_connection_values_n(connection, .HEADER_KIND, collectHeader, $0)
            }
            return walk.fits ? walk.writer : nil
        }
        if let rejection = checkFraming(walk.framing, of: accumulator, version: version) { return rejection }
        if !walk.fits { copyHeaders(on: connection, storedBytes: walk.framing.storedBytes, to: accumulator) }
        return nil
    }

    /// The second walk, for fields that did not fit in the buffer an earlier request left: into
    /// a new buffer of the `storedBytes` the first walk counted (at least ``usualHeaderRoom``).
    @inline(never)
    private func copyHeaders(on connection: OpaquePointer, storedBytes: Int, to accumulator: RequestAccumulator) {
        accumulator.keepHeaders(
            ReceivedHeaderFields(capacity: storedBytes, room: Self.usualHeaderRoom) { writer in
                _ = withUnsafeMutablePointer(to: &writer) {
                    MHD_get_connection_values_n(connection, .HEADER_KIND, copyHeader, $0)
                }
            }
        )
    }

    /// The least room a header buffer is made with, which the fields of a usual request fit in:
    /// the connection's next requests then write theirs in it.
    private static var usualHeaderRoom: Int { 1024 }

    /// The smuggling and size checks on the fields the header walk counted, `framing`: inlined
    /// in ``checkHead(of:version:on:)``, which then neither copies the framing nor makes a call.
    @inline(__always)
    private func checkFraming(
        _ framing: RequestAccumulator.Framing,
        of accumulator: RequestAccumulator,
        version: UnsafePointer<CChar>?
    ) -> Rejection? {
        if framing.headerBytes > limits.maxHeaderBytes { return .headersTooLarge }
        if framing.malformedNames != 0 { return .malformedFieldName }
        // RFC 9112 §3.2. Checked here, not with MHD_OPTION_STRICT_FOR_CLIENT: 0.9.75 sends its own 400 twice.
        if framing.hostCount > 1 || (framing.hostCount == 0 && version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false) {
            return .missingHost
        }
        if framing.contentLengthCount > 1 { return .duplicateContentLength }
        if framing.contentLengthCount == 1 && framing.transferEncodingCount > 0 {
            return .lengthAndTransferEncoding
        }
        if framing.transferEncodingCount > 1
            || (framing.transferEncodingCount == 1 && !framing.transferEncodingIsChunked)
        {
            return .unsupportedTransferEncoding
        }
        if framing.contentLengthCount == 1 {
            guard let length = framing.contentLength else { return .badContentLength }
            if length > limits.maxBodyBytes { return .bodyTooLarge }
            accumulator.reserveBody(length)
        }
        return nil
    }

    /// Queues the answer once the whole body is in: 413 for an oversized chunked body, else the responder's.
    private func finish(_ accumulator: RequestAccumulator, on connection: OpaquePointer) -> Bool {
        if accumulator.isBodyTooLarge { return reject(.bodyTooLarge, of: accumulator, on: connection) }
        guard case .parsed = accumulator.target else { return reject(.urlTooLong, of: accumulator, on: connection) }
        // Lent where the accumulator built it: the request is neither assembled from its parts
        // nor taken apart and dropped once answered.
        let response = accumulator.withRequest { responder.respond(to: $0) }
        guard (200...999).contains(response.status) else {
            return reject(.invalidStatus, of: accumulator, on: connection)
        }
        return queue(response, on: connection)
    }

    /// Queues the server's own answer for `rejection` of the request `accumulator` holds, and tells
    /// the responder (``HTTPResponder/refused(_:status:)``): off the path of a usual request, which
    /// then holds neither the copy of a prebuilt answer nor the code that makes it.
    @inline(never)
    private func reject(_ rejection: Rejection, of accumulator: RequestAccumulator, on connection: OpaquePointer)
        -> Bool
    {
        let answer = errors.answer(for: rejection)
        if case .invalidStatus = rejection {
            // The responder answered this request itself (and counted it): nothing to tell.
        } else if case .parsed = accumulator.target {
            accumulator.withRequest { responder.refused($0, status: answer.status) }
        } else {
            // The target was refused: whatever path the accumulator holds is an earlier request's.
            responder.refused(HTTPRequest(method: accumulator.method, path: ""), status: answer.status)
        }
        return queue(answer, on: connection)
    }

    /// Hands `response` to libmicrohttpd, which adds `Content-Length` and `Date`. An array body is
    /// copied once; a ``ResponseBytes`` block is lent as it is, retained until libmicrohttpd is done.
    /// The response is consumed, which spares a retain and a release of its parts around the call.
    private func queue(_ response: consuming HTTPResponse, on connection: OpaquePointer) -> Bool {
        let (status, headers, content) = response.takeApart()
        let created: OpaquePointer?
        switch consume content {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { cmhd_response_copy($0.count, $0.baseAddress) }
        case .block(let block):
            let (count, start) = (block.count, block.start)
            // The response's own reference to the block is moved here (its lifetime ends with the
            // `consume`) and handed to libmicrohttpd, which keeps the bytes at `start` alive until
            // `releaseBlock`: no retain and release around the call.
            let retained = Unmanaged.passRetained((consume block).storage)
            created = MHD_create_response_from_buffer_with_free_callback_cls(
                count,
                start,
                releaseBlock,
                retained.toOpaque()
            )
            // libmicrohttpd calls the callback only for a response it made.
            if created == nil { retained.release() }
        }
        guard let mhdResponse = created else { return false }
        // MHD_queue_response takes its own reference; this one is ours to drop.
        defer { MHD_destroy_response(mhdResponse) }
        if headers.isJSONContentTypeOnly {
            // The one field of nearly every answer, passed as C literals: no string is lent.
            _ = MHD_add_response_header(mhdResponse, "Content-Type", "application/json")
        } else {
            add(headers, to: mhdResponse)
        }
        if draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(status), mhdResponse) == .YES
    }

    /// Adds each of `headers` to the libmicrohttpd response `mhdResponse`.
    private func add(_ headers: HTTPHeaders, to mhdResponse: OpaquePointer) {
        headers.forEachField { fieldName, fieldValue in
            // libmicrohttpd refuses fields it manages (Content-Length) and values with CR or LF.
            // `withCString` lends a native string's own NUL-terminated bytes: no copy per field.
            _ = fieldName.withCString { name in
                fieldValue.withCString { value in MHD_add_response_header(mhdResponse, name, value) }
            }
        }
    }
}

/// Takes back a ``ResponseBytes`` block lent to libmicrohttpd, called when its response is
/// destroyed: the reference `queue` retained, given to the pool of spare blocks (or dropped).
private let releaseBlock: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    ResponseBlockPool.shared.giveBack(Unmanaged<ResponseBytes.Storage>.fromOpaque(cls).takeRetainedValue())
}

/// `MHD_KeyValueIteratorN` over the request headers that copies each into a
/// ``ReceivedHeaderFields/Writer``: `cls` points to the writer, which outlives the walk (it is on
/// the stack of the call that walks), and the key and value are borrowed from the connection's pool
/// for the call. Stops at a field that does not fit, which a list unchanged since the sizing walk never has.
private let copyHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls else { return .NO }
    let copied = cls.assumingMemoryBound(to: ReceivedHeaderFields.Writer.self).pointee.append(
        name: UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize),
        value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
    )
    return copied ? .YES : .NO
}

/// What the first walk over the request headers fills: the framing it counts, and a copy of
/// the fields in the accumulator's buffer for as long as they fit.
private struct HeaderWalk {
    var framing = RequestAccumulator.Framing()
    var writer: ReceivedHeaderFields.Writer
    /// Whether every field so far was copied; after one that was not, none is.
    var fits = true

    /// Counts and copies one field (both buffers borrowed for the call).
    @inline(__always)
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        framing.add(name: name, value: value)
        if fits { fits = writer.append(name: name, value: value) }
    }

    /// ``add(name:value:)`` for a name or value libmicrohttpd passed as `NULL`, read as empty:
    /// out of line, so that the usual field's call takes its pointers as they are.
    @inline(never)
    mutating func add(
        name: UnsafePointer<CChar>?,
        count nameCount: Int,
        value: UnsafePointer<CChar>?,
        count valueCount: Int
    ) {
        add(
            name: UnsafeRawBufferPointer(start: name, count: name == nil ? 0 : nameCount),
            value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueCount)
        )
    }
}

/// `MHD_KeyValueIteratorN` over the request headers: `cls` points to a ``HeaderWalk`` on the stack
/// of the call that walks, whose writer's buffer outlives the walk; the key and value are
/// borrowed from the connection's pool for the call.
private let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls else { return .NO }
    let walk = cls.assumingMemoryBound(to: HeaderWalk.self)
    if let key, let value {
        walk.pointee.add(
            name: UnsafeRawBufferPointer(start: key, count: keySize),
            value: UnsafeRawBufferPointer(start: value, count: valueSize)
        )
    } else {
        walk.pointee.add(name: key, count: keySize, value: value, count: valueSize)
    }
    return .YES
}
