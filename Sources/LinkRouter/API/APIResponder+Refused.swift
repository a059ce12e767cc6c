public import LinkRouterHTTP

extension APIResponder {
    /// A request the server answered itself (a limit or a framing error) is counted in the metrics
    /// like any other: under `navigate` when its path is a navigation's, as the dispatch reads paths
    /// (a trailing slash or an empty id included), else `other`.
    public func refused(_ request: HTTPRequest, status: Int) {
        let path = PathParts(request.path)
        let isNavigate =
            surface == .public && path.count == 4 && path.at(0, is: "v1") && path.at(1, is: "sessions")
            && path.at(3, is: "navigate")
        engine.metrics.record(endpoint: isNavigate ? .navigate : .other, status: status, nanoseconds: 0)
    }
}
