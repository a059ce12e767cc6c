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

/// Runs of the answer that always come together, rendered as one token: an entry's `{"id":`,
/// a transition op's `{"op":"push","entry":`.
extension JSONKey {
    static let openEntry = JSONKey(
        tokens: PreRenderedTokens { writer in
            writer.beginObject()
            writer.key(.id)
        }
    )

    /// `{"op":"…","entry":` for the ops that carry one entry, `{"op":"pop","count":` for `pop`.
    static let pushEntry = opening("push", .entry)
    static let presentEntry = opening("present", .entry)
    static let updateEntry = opening("update", .entry)
    static let popCount = opening("pop", .count)
    static let replaceStack = opening("replace", .stack)

    private static func opening(_ op: String, _ member: JSONKey) -> JSONKey {
        JSONKey(
            tokens: PreRenderedTokens { writer in
                writer.beginObject()
                writer.field(.op, op)
                writer.key(member)
            }
        )
    }
}

/// The fixed string values of the navigation answer, quoted once.
extension JSONConstant {
    static let push = JSONConstant("push")
    static let modal = JSONConstant("modal")
    static let root = JSONConstant("root")

    /// `"presentation":"…"}`: the end of an entry, after its params.
    static let closePush = closing(.push)
    static let closeModal = closing(.modal)
    static let closeRoot = closing(.root)
    /// `{"op":"dismiss"}`.
    static let dismissOp = JSONConstant(
        tokens: PreRenderedTokens { writer in
            writer.beginObject()
            writer.field(.op, "dismiss")
            writer.endObject()
        }
    )

    private static func closing(_ presentation: Presentation) -> JSONConstant {
        JSONConstant(
            tokens: PreRenderedTokens { writer in
                // After the params: the comma comes from the writer (`afterComma`), not from here.
                writer.key(.presentation)
                writer.constant(.presentation(presentation))
                writer.endObject()
            }
        )
    }

    static func closingEntry(_ presentation: Presentation) -> JSONConstant {
        switch presentation {
        case .push: .closePush
        case .modal: .closeModal
        case .root: .closeRoot
        }
    }

    static func presentation(_ presentation: Presentation) -> JSONConstant {
        switch presentation {
        case .push: .push
        case .modal: .modal
        case .root: .root
        }
    }
}
