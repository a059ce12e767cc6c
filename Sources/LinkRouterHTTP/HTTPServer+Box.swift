import Synchronization

extension HTTPServer {
    /// What every libmicrohttpd worker thread shares while the daemon runs: the responder, the limits
    /// and the prebuilt error answers.
    ///
    /// Ownership: ``HTTPServer/start()`` retains one `Box` with `Unmanaged.passRetained` and hands it to
    /// libmicrohttpd as the closure of every callback; ``HTTPServer/stop()`` releases it only after
    /// `MHD_stop_daemon` has joined the worker threads. The compiler checks that it is `Sendable`.
    final class Box: Sendable {
        let responder: any HTTPResponder
        let limits: Limits
        let errors: ErrorAnswers
        let errorLog: (@Sendable (String) -> Void)?
        /// Requests started (URI seen) and not yet completed, shared with the server for ``HTTPServer/requestsInFlight``.
        let counters: Counters
        /// Set when ``HTTPServer/stop()`` begins: answers then carry `Connection: close`.
        let draining = Atomic<Bool>(false)

        init(responder: any HTTPResponder, configuration: Configuration, counters: Counters) {
            self.responder = responder
            self.limits = Limits(configuration)
            self.errors = ErrorAnswers(limits)
            self.errorLog = configuration.errorLog
            self.counters = counters
        }
    }

    /// Counters that outlive one run of the daemon.
    final class Counters: Sendable {
        let inFlight = Atomic<Int>(0)
    }

    /// The per-request limits, copied out of ``Configuration`` once.
    struct Limits: Sendable {
        let maxBodyBytes: Int
        let maxDiscardBytes: Int
        let maxURLBytes: Int
        let maxHeaderBytes: Int

        init(_ configuration: Configuration) {
            maxBodyBytes = configuration.maxBodyBytes
            maxDiscardBytes = configuration.maxDiscardBytes
            maxURLBytes = configuration.maxURLBytes
            maxHeaderBytes = configuration.maxHeaderBytes
        }
    }

    /// Error answers built once per run, so that rejecting a request allocates nothing new.
    struct ErrorAnswers: Sendable {
        let bodyTooLarge: HTTPResponse
        let urlTooLong: HTTPResponse
        let headersTooLarge: HTTPResponse
        let duplicateContentLength: HTTPResponse
        let malformedFieldName: HTTPResponse
        let lengthAndTransferEncoding: HTTPResponse
        let unsupportedTransferEncoding: HTTPResponse
        let badContentLength: HTTPResponse
        let invalidTarget: HTTPResponse
        let missingHost: HTTPResponse
        let invalidStatus: HTTPResponse

        /// The answer for `rejection`: a copy of one built at start.
        @inline(never)
        func answer(for rejection: Box.Rejection) -> HTTPResponse {
            switch rejection {
            case .bodyTooLarge: bodyTooLarge
            case .urlTooLong: urlTooLong
            case .headersTooLarge: headersTooLarge
            case .duplicateContentLength: duplicateContentLength
            case .lengthAndTransferEncoding: lengthAndTransferEncoding
            case .unsupportedTransferEncoding: unsupportedTransferEncoding
            case .badContentLength: badContentLength
            case .malformedFieldName: malformedFieldName
            case .invalidTarget: invalidTarget
            case .missingHost: missingHost
            case .invalidStatus: invalidStatus
            }
        }

        init(_ limits: Limits) {
            bodyTooLarge = .jsonError(
                status: 413,
                code: "body_too_large",
                message: "the request body is larger than \(limits.maxBodyBytes) bytes",
                detail: ["limit": limits.maxBodyBytes]
            )
            urlTooLong = .jsonError(
                status: 414,
                code: "url_too_long",
                message: "the request target is longer than \(limits.maxURLBytes) bytes",
                detail: ["limit": limits.maxURLBytes]
            )
            headersTooLarge = .jsonError(
                status: 431,
                code: "headers_too_large",
                message: "the request headers are larger than \(limits.maxHeaderBytes) bytes",
                detail: ["limit": limits.maxHeaderBytes]
            )
            duplicateContentLength = .jsonError(
                status: 400,
                code: "bad_request",
                message: "more than one Content-Length header"
            )
            lengthAndTransferEncoding = .jsonError(
                status: 400,
                code: "bad_request",
                message: "Content-Length and Transfer-Encoding must not be sent together"
            )
            unsupportedTransferEncoding = .jsonError(
                status: 400,
                code: "bad_request",
                message: "the only Transfer-Encoding accepted is a single chunked"
            )
            badContentLength = .jsonError(status: 400, code: "bad_request", message: "Content-Length is not a number")
            // Closed once answered: where this request's body ends is not known.
            var malformedFieldName = HTTPResponse.jsonError(
                status: 400,
                code: "bad_request",
                message: "a header field name has whitespace before its colon"
            )
            malformedFieldName.headers.add("Connection", "close")
            self.malformedFieldName = malformedFieldName
            invalidTarget = .jsonError(
                status: 400,
                code: "bad_request",
                message: "the request target holds spaces, control characters or bytes that are not UTF-8"
            )
            missingHost = .jsonError(
                status: 400,
                code: "bad_request",
                message: "an HTTP/1.1 request needs exactly one Host header"
            )
            invalidStatus = .jsonError(
                status: 500,
                code: "internal_error",
                message: "the responder produced an invalid status code"
            )
        }
    }
}

extension HTTPServer.Box {
    /// Why a request is answered by the server itself, before (or instead of) the responder: one
    /// byte where an ``HTTPResponse`` is several words, so that the checks on the request path
    /// return it without copying an answer, and the answer is looked up only off that path.
    enum Rejection {
        case bodyTooLarge
        case urlTooLong
        case headersTooLarge
        case duplicateContentLength
        case lengthAndTransferEncoding
        case unsupportedTransferEncoding
        case badContentLength
        case malformedFieldName
        case invalidTarget
        case missingHost
        case invalidStatus
    }

}
