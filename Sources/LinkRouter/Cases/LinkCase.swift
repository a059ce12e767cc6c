/// One integration case of a `CASES.yaml` file (SPEC §6): a link, the state it is followed from,
/// and what must come out.
public struct LinkCase: Sendable {
    public let name: String
    public let line: Int
    public let url: String
    /// The starting stack: screen names, or screens with params.
    public let stack: [(screen: String, params: [(String, String)])]
    public let attributes: [(String, ScalarText)]
    public let headers: [(String, String)]
    public let strategy: String?
    public let via: [String]
    public let expect: Expectation

    /// A YAML scalar as written, and whether it was quoted (a quoted `true` stays a string).
    public struct ScalarText: Sendable, Hashable {
        public let text: String
        public let quoted: Bool
    }

    /// What the answer must show; only the parts given are compared.
    public struct Expectation: Sendable {
        /// `navigated`, `parked`, `redirected_screen`, `unchanged`, or an error code such as `no_route`.
        public var status: String?
        public var error: String?
        public var route: String?
        public var url: String?
        /// Screen names from the bottom of the stack.
        public var stack: [String]?
        /// Per screen (its topmost entry), the params to compare.
        public var params: [(screen: String, values: [(String, ScalarText)])] = []
        public var redirects: [String]?
        /// `name: outcome` per interceptor, in order.
        public var interceptors: [(String, String)]?
    }
}
