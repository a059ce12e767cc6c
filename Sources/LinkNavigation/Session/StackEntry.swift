public import LinkRouting

/// One screen on a session's stack, with the typed params it was handed.
public struct StackEntry: Sendable, Hashable {
    /// Unique within its session (`e1`, `e2`, ...).
    public let id: String
    public let screen: String
    /// Every declared param of the screen: required ones present, defaults filled, optional ones `null`.
    public let params: [String: ParamValue]
    public let presentation: Presentation

    public init(id: String, screen: String, params: [String: ParamValue], presentation: Presentation) {
        self.id = id
        self.screen = screen
        self.params = params
        self.presentation = presentation
    }

    /// The same entry with new params (an `update`).
    func with(params: [String: ParamValue]) -> StackEntry {
        StackEntry(id: id, screen: screen, params: params, presentation: presentation)
    }
}
