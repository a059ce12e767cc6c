internal import LinkNavigation

// The keys and fixed runs of the navigation answer (SPEC §5) as literals, each a comma and then
// the text: computed properties over text in the binary, so that writing one costs no lazy
// initialisation and no retain (a `static let` of rendered tokens costs both on every use, some
// 180 times per answer). JSONKeyTests renders each one and compares it with its literal.

/// The keys of the navigation answer.
extension JSONKey {
    static var status: JSONKey { JSONKey(literal: #","status":"#) }
    static var session: JSONKey { JSONKey(literal: #","session":"#) }
    static var version: JSONKey { JSONKey(literal: #","version":"#) }
    static var url: JSONKey { JSONKey(literal: #","url":"#) }
    static var route: JSONKey { JSONKey(literal: #","route":"#) }
    static var name: JSONKey { JSONKey(literal: #","name":"#) }
    static var pattern: JSONKey { JSONKey(literal: #","pattern":"#) }
    static var params: JSONKey { JSONKey(literal: #","params":"#) }
    static var redirects: JSONKey { JSONKey(literal: #","redirects":"#) }
    static var interceptors: JSONKey { JSONKey(literal: #","interceptors":"#) }
    static var kind: JSONKey { JSONKey(literal: #","kind":"#) }
    static var outcome: JSONKey { JSONKey(literal: #","outcome":"#) }
    static var stack: JSONKey { JSONKey(literal: #","stack":"#) }
    static var transition: JSONKey { JSONKey(literal: #","transition":"#) }
    static var mediation: JSONKey { JSONKey(literal: #","mediation":"#) }
    static var source: JSONKey { JSONKey(literal: #","source":"#) }
    static var destination: JSONKey { JSONKey(literal: #","destination":"#) }
    static var presentation: JSONKey { JSONKey(literal: #","presentation":"#) }
    static var payload: JSONKey { JSONKey(literal: #","payload":"#) }
    static var parked: JSONKey { JSONKey(literal: #","parked":"#) }
    static var warnings: JSONKey { JSONKey(literal: #","warnings":"#) }
    static var code: JSONKey { JSONKey(literal: #","code":"#) }
    static var param: JSONKey { JSONKey(literal: #","param":"#) }
    static var message: JSONKey { JSONKey(literal: #","message":"#) }
    static var id: JSONKey { JSONKey(literal: #","id":"#) }
    static var screen: JSONKey { JSONKey(literal: #","screen":"#) }
    static var op: JSONKey { JSONKey(literal: #","op":"#) }
    static var count: JSONKey { JSONKey(literal: #","count":"#) }
    static var entry: JSONKey { JSONKey(literal: #","entry":"#) }
    static var attributes: JSONKey { JSONKey(literal: #","attributes":"#) }
    static var flow: JSONKey { JSONKey(literal: #","flow":"#) }
    static var strategy: JSONKey { JSONKey(literal: #","strategy":"#) }
    static var via: JSONKey { JSONKey(literal: #","via":"#) }
}

/// Runs of the answer that always come together, written as one key: an entry's `{"id":`, a
/// transition op's `{"op":"push","entry":` (`{"op":"pop","count":` for `pop`).
extension JSONKey {
    static var openEntry: JSONKey { JSONKey(literal: #",{"id":"#) }
    static var pushEntry: JSONKey { JSONKey(literal: #",{"op":"push","entry":"#) }
    static var presentEntry: JSONKey { JSONKey(literal: #",{"op":"present","entry":"#) }
    static var updateEntry: JSONKey { JSONKey(literal: #",{"op":"update","entry":"#) }
    static var popCount: JSONKey { JSONKey(literal: #",{"op":"pop","count":"#) }
    static var replaceStack: JSONKey { JSONKey(literal: #",{"op":"replace","stack":"#) }
}

/// Runs of the answer's top level that most answers write as they are: each saves a write per
/// member it joins.
extension JSONKey {
    static var openNavigated: JSONKey { JSONKey(literal: #",{"status":"navigated","session":"#) }
    static var openParked: JSONKey { JSONKey(literal: #",{"status":"parked","session":"#) }
    static var openRedirectedScreen: JSONKey { JSONKey(literal: #",{"status":"redirected_screen","session":"#) }
    static var openUnchanged: JSONKey { JSONKey(literal: #",{"status":"unchanged","session":"#) }

    /// `"redirects":[],"interceptors":[],"stack":[`, for an answer with neither redirects nor
    /// interceptors: up to the stack's first entry.
    static var noRedirectsOpenStack: JSONKey {
        JSONKey(literal: #","redirects":[],"interceptors":[],"stack":["#)
    }

    /// `}},"redirects":[],"interceptors":[],"stack":[`: the route's params' end and the route's, then
    /// ``noRedirectsOpenStack`` (written with ``JSONWriter/reopen(_:)``).
    static var closeRouteNoRedirectsOpenStack: JSONKey {
        JSONKey(literal: #",}},"redirects":[],"interceptors":[],"stack":["#)
    }
    /// `],"transition":[`: the stack's end, up to the first op (written with ``JSONWriter/reopen(_:)``).
    static var stackThenTransition: JSONKey { JSONKey(literal: #",],"transition":["#) }
    /// `],"mediation":{"source":`: the transition's end, up to the source's value (written with
    /// ``JSONWriter/reopen(_:)``).
    static var transitionThenMediation: JSONKey { JSONKey(literal: #",],"mediation":{"source":"#) }

    /// `"mediation":{"source":`.
    static var mediationSource: JSONKey { JSONKey(literal: #","mediation":{"source":"#) }

    static var presentPushPayload: JSONKey { JSONKey(literal: #","presentation":"push","payload":{"#) }
    static var presentModalPayload: JSONKey { JSONKey(literal: #","presentation":"modal","payload":{"#) }
    static var presentRootPayload: JSONKey { JSONKey(literal: #","presentation":"root","payload":{"#) }
    static var presentNullPayload: JSONKey { JSONKey(literal: #","presentation":null,"payload":{"#) }
}

/// The runs of the navigation answer that end a value.
extension JSONConstant {
    /// `"presentation":"…"}`: the end of an entry, after its params (the comma in front is the
    /// writer's, as after any value).
    static var closePush: JSONConstant { JSONConstant(literal: #","presentation":"push"}"#) }
    static var closeModal: JSONConstant { JSONConstant(literal: #","presentation":"modal"}"#) }
    static var closeRoot: JSONConstant { JSONConstant(literal: #","presentation":"root"}"#) }
    /// `{}`: an empty object, as one write.
    static var emptyObject: JSONConstant { JSONConstant(literal: #",{}"#) }
    /// `{"op":"dismiss"}`.
    static var dismissOp: JSONConstant { JSONConstant(literal: #",{"op":"dismiss"}"#) }
    /// `{"op":"pop","count":1}`.
    static var popOne: JSONConstant { JSONConstant(literal: #",{"op":"pop","count":1}"#) }
    /// `"parked":null,"warnings":[]`: the last members of an answer with neither.
    static var noParkedNoWarnings: JSONConstant { JSONConstant(literal: #","parked":null,"warnings":[]"#) }
    /// `}},"parked":null,"warnings":[]}`: the payload's end, the mediation's and the answer's, for an
    /// answer with neither (written with ``JSONWriter/close(_:)``).
    static var closeAnswer: JSONConstant { JSONConstant(literal: #",}},"parked":null,"warnings":[]}"#) }
}

/// The runs chosen by a case, each case's literal written at a site of its own: a literal's copy
/// then has a length known when compiling (see ``JSONWriter/appendText(_:)``), where the value of
/// a `switch` has not.
extension JSONWriter {
    /// `{"status":"…","session":`: the opening of an answer, up to the session's value.
    @inline(__always)
    mutating func opening(_ status: NavigationOutcome.Status) {
        switch status {
        case .navigated: key(.openNavigated)
        case .parked: key(.openParked)
        case .redirectedScreen: key(.openRedirectedScreen)
        case .unchanged: key(.openUnchanged)
        }
    }

    /// `"presentation":…,"payload":{`: the mediation's presentation and the opening of its payload.
    @inline(__always)
    mutating func presentationAndPayload(_ presentation: Presentation?) {
        switch presentation {
        case .push: key(.presentPushPayload)
        case .modal: key(.presentModalPayload)
        case .root: key(.presentRootPayload)
        case nil: key(.presentNullPayload)
        }
    }

    /// `,"presentation":"…"}`, the end of an entry.
    @inline(__always)
    mutating func closingEntry(_ presentation: Presentation) {
        switch presentation {
        case .push: constant(.closePush)
        case .modal: constant(.closeModal)
        case .root: constant(.closeRoot)
        }
    }
}
