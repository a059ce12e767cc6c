internal import LinkRouterHTTP

extension HTTPResponse {
    /// A JSON answer in the block `writer` wrote it into, sent without a copy: a pooled block
    /// (an answer of 256 to 4,064 bytes) then goes back to the pool once sent, where a copy would
    /// have dropped it.
    static func json(_ status: Int, _ writer: consuming JSONWriter) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, block: writer.finishBlock())
    }
}
