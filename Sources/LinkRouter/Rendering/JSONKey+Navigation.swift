internal import LinkNavigation

/// The keys of the navigation answer (SPEC §5), quoted once.
extension JSONKey {
    static let status = JSONKey("status")
    static let session = JSONKey("session")
    static let version = JSONKey("version")
    static let url = JSONKey("url")
    static let route = JSONKey("route")
    static let name = JSONKey("name")
    static let pattern = JSONKey("pattern")
    static let params = JSONKey("params")
    static let redirects = JSONKey("redirects")
    static let interceptors = JSONKey("interceptors")
    static let kind = JSONKey("kind")
    static let outcome = JSONKey("outcome")
    static let stack = JSONKey("stack")
    static let transition = JSONKey("transition")
    static let mediation = JSONKey("mediation")
    static let source = JSONKey("source")
    static let destination = JSONKey("destination")
    static let presentation = JSONKey("presentation")
    static let payload = JSONKey("payload")
    static let parked = JSONKey("parked")
    static let warnings = JSONKey("warnings")
    static let code = JSONKey("code")
    static let param = JSONKey("param")
    static let message = JSONKey("message")
    static let id = JSONKey("id")
    static let screen = JSONKey("screen")
    static let op = JSONKey("op")
    static let count = JSONKey("count")
    static let entry = JSONKey("entry")
    static let attributes = JSONKey("attributes")
    static let flow = JSONKey("flow")
    static let strategy = JSONKey("strategy")
    static let via = JSONKey("via")
}

/// The fixed string values of the navigation answer, quoted once.
extension JSONConstant {
    static let push = JSONConstant("push")
    static let modal = JSONConstant("modal")
    static let root = JSONConstant("root")
    static let pop = JSONConstant("pop")
    static let dismiss = JSONConstant("dismiss")
    static let present = JSONConstant("present")
    static let update = JSONConstant("update")
    static let replace = JSONConstant("replace")

    static func presentation(_ presentation: Presentation) -> JSONConstant {
        switch presentation {
        case .push: .push
        case .modal: .modal
        case .root: .root
        }
    }
}
