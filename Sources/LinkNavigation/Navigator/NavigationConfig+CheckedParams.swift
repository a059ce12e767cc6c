import LinkRouting

extension NavigationConfig {
    /// What a navigation reads of its route before it resolves: the route's screen, and whether
    /// the navigation goes straight to it. Eight bytes: the facts of eight routes share a cache
    /// line (the screen's name is the screen's own, read with it).
    struct RouteFacts: Sendable {
        let screen: RouteScreen
        /// The route's target is its screen and the route has no interceptors of its own (global
        /// ones aside): the navigation goes straight to the screen.
        let direct: Bool
        /// The route's default strategy, for a route to a screen.
        let strategy: Strategy?
    }

    /// What resolving needs to know of a route's own screen, found when the configuration is made:
    /// a navigation to it then looks up neither the screen's name nor its params' specs.
    struct RouteScreen: Sendable {
        /// ``position`` in 32 bits.
        private let index: Int32
        /// Whether the route's match checks the screen's params (``matchChecksParams(of:for:)``).
        let paramsChecked: Bool
        /// Whether a match of the route with as many params as the screen declares and none `null`
        /// holds them already in the screen's own form (``matchGivesScreenForm(of:for:)``).
        let paramsInForm: Bool

        /// The screen's declaration index in the resolver's graph; -1 for a route to no screen.
        var position: Int { Int(index) }

        /// - Precondition: `position` is below 2^31 (a graph's count of screens).
        init(position: Int, paramsChecked: Bool, paramsInForm: Bool) {
            index = Int32(truncatingIfNeeded: position)
            self.paramsChecked = paramsChecked
            self.paramsInForm = paramsInForm
        }
    }

    /// Whether every param `screen` declares is one `route` declares too, under the same name byte
    /// for byte, with an equal spec, and neither of them repeated (an array). A match of the route
    /// then holds, for each such name, nothing but `null` or a value that passed that spec: a path
    /// capture the matcher accepted, or a query value it accepted or the declared default (checked
    /// when declared). An equal spec accepts the same values, so the resolver need not check again.
    static func matchChecksParams(of screen: Screen, for route: Route) -> Bool {
        let placeholders = route.pattern.placeholders
        return screen.params.allSatisfy { param in
            if case .array = param.declaration.mode { return false }
            if let placeholder = placeholders.first(where: { $0.name.hasSameUTF8(as: param.name) }) {
                return sameValues(placeholder.spec, param.declaration.spec)
            }
            guard let query = route.query.first(where: { $0.name.hasSameUTF8(as: param.name) }) else { return false }
            if case .array = query.declaration.mode { return false }
            return sameValues(query.declaration.spec, param.declaration.spec)
        }
    }

    /// Whether a match of `route` that has every param `screen` declares, none `null`, is already
    /// what the resolver would make of it for the screen: the route declares no query params (whose
    /// values may be absent, `null` or a default of another form) and its placeholders are the
    /// screen's params, in their order, named byte for byte alike, checked by equal specs (see
    /// ``matchChecksParams(of:for:)``), none repeated, none a `uuid` (its match value is a string,
    /// which the resolver parses again). A capture is converted into its spec's own form. An
    /// optional group left out gives fewer params: such a match is not in the screen's form.
    static func matchGivesScreenForm(of screen: Screen, for route: Route) -> Bool {
        let placeholders = route.pattern.placeholders
        guard route.query.isEmpty, placeholders.count == screen.params.count,
            matchChecksParams(of: screen, for: route)
        else { return false }
        return zip(placeholders, screen.params).allSatisfy { placeholder, param in
            guard placeholder.name.hasSameUTF8(as: param.name) else { return false }
            if case .uuid = placeholder.spec.type { return false }
            return true
        }
    }

    /// Whether two specs accept the same values: equal, and for enums the same values byte for
    /// byte, as the matcher and `validate` compare them (`==` on `String` would take two spellings
    /// of one accented value for one).
    private static func sameValues(_ lhs: ParamSpec, _ rhs: ParamSpec) -> Bool {
        guard lhs == rhs else { return false }
        guard case .enum(let left) = lhs.type, case .enum(let right) = rhs.type else { return true }
        return left.elementsEqual(right) { $0.utf8.elementsEqual($1.utf8) }
    }
}
