public import LinkRouterHTTP

extension APIResponder {
    /// A request the server answered itself (a limit or a framing error) is counted in the metrics
    /// like any other: under `navigate` when its path is a navigation's, else `other`.
    public func refused(_ request: HTTPRequest, status: Int) {
        let isNavigate = surface == .public && request.withPathBytes(NavigatePath.sessionID(bytes:)) != nil
        engine.metrics.record(endpoint: isNavigate ? .navigate : .other, status: status, nanoseconds: 0)
    }
}
