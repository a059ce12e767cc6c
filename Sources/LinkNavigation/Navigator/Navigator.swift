package import LinkRouting

/// Runs navigations end to end against a session value: rewrite, match, redirects, interceptors,
/// flows and resolution. A pure function of its inputs: the caller stores the returned session.
public struct Navigator: Sendable {
    public let config: NavigationConfig

    public init(_ config: NavigationConfig) { self.config = config }

    /// A navigation request.
    public struct Request: Sendable {
        /// The link: a string, or bytes lent by the caller (see ``init(link:strategy:via:lowercasedHeaders:)``).
        let link: LinkText
        public var url: String { link.string }
        public let strategy: Strategy?
        public var via: [String] { extras?.via ?? [] }
        /// Request headers; names compare case-insensitively.
        public var headers: [String: String] { extras?.headers ?? [:] }
        /// `via` and the headers, in one box; `nil` when both are empty, as for nearly every
        /// request: dropping the request then releases no array and no dictionary.
        let extras: Extras?

        /// A request's `via` and headers, at least one of them not empty.
        final class Extras: Sendable {
            let via: [String]
            let headers: [String: String]

            init(via: [String], headers: [String: String]) {
                self.via = via
                self.headers = headers
            }
        }

        public init(url: String, strategy: Strategy? = nil, via: [String] = [], headers: [String: String] = [:]) {
            self.init(
                url: url,
                strategy: strategy,
                via: via,
                lowercasedHeaders: Dictionary(
                    headers.map { ($0.key.lowercased(), $0.value) },
                    uniquingKeysWith: { _, last in last }
                )
            )
        }

        /// For callers whose header names are lowercased already.
        public init(url: String, strategy: Strategy?, via: [String], lowercasedHeaders: [String: String]) {
            self.init(link: LinkText(url), strategy: strategy, via: via, lowercasedHeaders: lowercasedHeaders)
        }

        /// A request for a link that may be lent bytes. Lifetime: a lent link's bytes must outlive
        /// the request and whatever a navigation of it returns (its outcome's match lends them too):
        /// the caller renders and drops the outcome within its access to the bytes. The session a
        /// navigation leaves keeps only strings made from them.
        package init(link: LinkText, strategy: Strategy?, via: [String], lowercasedHeaders: [String: String]) {
            self.link = link
            self.strategy = strategy
            extras = via.isEmpty && lowercasedHeaders.isEmpty ? nil : Extras(via: via, headers: lowercasedHeaders)
        }

        /// ``init(link:strategy:via:lowercasedHeaders:)`` with no `via` and no headers: no empty
        /// array or dictionary is made only to be released.
        package init(link: LinkText, strategy: Strategy?) {
            self.link = link
            self.strategy = strategy
            extras = nil
        }
    }

    /// Whether any interceptor could read the request's headers: without interceptors nothing does,
    /// and callers may skip collecting them.
    public var readsHeaders: Bool { !config.interceptors.isEmpty }

    /// Navigates `session` to the request's URL.
    ///
    /// Resolved by value: the caller keeps `session`, so its stack's buffer is shared and a change
    /// in place would first copy it whole (entries about to be dropped included) and then maybe
    /// allocate again; the new stack is made apart instead, in one allocation of its final size.
    /// - Throws: ``NavigationFailure``; the session is untouched when it throws.
    public func navigate(_ request: Request, session: Session) throws(NavigationFailure) -> NavigationOutcome {
        // The outcome returned holds the match, which would lend a lent link's bytes past the call.
        assert(!request.link.isLent, "a request with a lent link goes through navigate(_:in:into:)")
        var session = session
        return try withUnsafeTemporaryAllocation(of: NavigationOutcome.self, capacity: 1) {
            (space) throws(NavigationFailure) -> NavigationOutcome in
            guard let outcome = space.baseAddress else { preconditionFailure("no room for the outcome") }
            // Lifetime: initialised by the navigation unless it throws, and moved out at once.
            try navigate(request, in: &session, into: outcome, inPlace: false)
            return outcome.move()
        }
    }

    /// Navigates `session` to the request's URL and leaves it as the outcome's session: its stack
    /// changed in place, so that a stack the caller alone holds keeps its buffer.
    /// - Throws: ``NavigationFailure``; the session is untouched when it throws.
    public func navigate(_ request: Request, in session: inout Session) throws(NavigationFailure)
        -> NavigationOutcome
    {
        assert(!request.link.isLent, "a request with a lent link goes through navigate(_:in:into:)")
        return try withUnsafeTemporaryAllocation(of: NavigationOutcome.self, capacity: 1) {
            (space) throws(NavigationFailure) -> NavigationOutcome in
            guard let outcome = space.baseAddress else { preconditionFailure("no room for the outcome") }
            // Lifetime: initialised by the navigation unless it throws, and moved out at once.
            try navigate(request, in: &session, into: outcome)
            return outcome.move()
        }
    }

    /// ``navigate(_:in:)`` that initialises `result` (uninitialised memory) with its outcome
    /// instead of returning it, for a caller that keeps the outcome in place: a returned outcome is
    /// copied whole into wherever the caller keeps it. `result` is left uninitialised when it throws.
    ///
    /// Within the package only: the caller owns `result`'s memory and must move the outcome out
    /// (or deinitialise it) exactly when this returns. Inside, every `initialize(to:)` of `result`
    /// comes after the navigation's last `try`, so a throw never leaves it half made.
    package func navigate(
        _ request: Request,
        in session: inout Session,
        into result: UnsafeMutablePointer<NavigationOutcome>
    ) throws(NavigationFailure) {
        try navigate(request, in: &session, into: result, inPlace: true)
    }

    /// ``navigate(_:in:into:)`` whose stack is changed in place (`inPlace`, for a stack the caller
    /// alone holds) or made apart from the old one (for a caller that keeps the old session).
    /// Inlined into both: `inPlace` is then a constant, and the way through navigate is the same
    /// code as if it had no choice to make.
    ///
    /// Most navigations meet no interceptor and no redirect: the request's link is matched where
    /// it lies (no copy of it, and no retain and release) and goes straight to its route's screen.
    /// Anything else is settled apart, in ``navigateIntercepted(_:in:into:inPlace:first:)``, so that
    /// the way through here is short, its code contiguous and its frame small.
    @inline(__always)
    private func navigate(
        _ request: Request,
        in session: inout Session,
        into result: UnsafeMutablePointer<NavigationOutcome>,
        inPlace: Bool
    ) throws(NavigationFailure) {
        guard config.globalInterceptors.isEmpty else {
            return try navigateIntercepted(request, in: &session, into: result, inPlace: inPlace, first: nil)
        }
        let found = try matchURL(request.link)
        // The route's facts read in place: one table, the one that resolving reads next, and not
        // the route's binding, whose copy would retain its target and interceptor list. The
        // route's index is the match's, not read from the route.
        let routeIndex = found.routeIndex
        let facts = config.routeFacts[routeIndex]
        guard facts.direct else {
            return try navigateIntercepted(request, in: &session, into: result, inPlace: inPlace, first: found)
        }
        try resolve(
            request,
            in: &session,
            into: result,
            inPlace: inPlace,
            match: found,
            routeIndex: routeIndex,
            // The route's own screen, which resolving finds by its position: no name is copied.
            screen: nil,
            routeStrategy: facts.strategy,
            status: .navigated,
            redirects: [],
            records: []
        )
    }

    /// ``navigate(_:in:into:inPlace:)`` for a navigation that meets global interceptors, or whose
    /// route (`first`, matched already) has interceptors or redirects. Never inlined: kept out of
    /// the way of the navigations that meet none of it.
    @inline(never)
    private func navigateIntercepted(
        _ request: Request,
        in session: inout Session,
        into result: UnsafeMutablePointer<NavigationOutcome>,
        inPlace: Bool,
        first: consuming RouteMatch?
    ) throws(NavigationFailure) {
        guard let settled = try intercepted(request, in: &session, into: result, first: first) else { return }
        try resolve(
            request,
            in: &session,
            into: result,
            inPlace: inPlace,
            match: settled.match,
            routeIndex: settled.match.route.index,
            screen: settled.screen,
            routeStrategy: settled.routeStrategy,
            status: settled.status,
            redirects: settled.redirects,
            records: settled.records
        )
    }

    /// The navigation to `screen` once the match is settled: the resolution against the session's
    /// stack, applied to `session`, and the outcome initialised in `result`. `screen` is `nil` for
    /// the route's own screen with `status` `navigated`: the resolver then finds it by its position
    /// in the configuration (``NavigationConfig/RouteScreen``) and reads no name, so none is copied
    /// into the destination (a retain and a release per navigate).
    @inline(__always)
    private func resolve(
        _ request: Request,
        in session: inout Session,
        into result: UnsafeMutablePointer<NavigationOutcome>,
        inPlace: Bool,
        match: consuming RouteMatch,
        routeIndex: Int,
        screen: consuming String?,
        routeStrategy: Strategy?,
        status: NavigationOutcome.Status,
        redirects: consuming [String],
        records: consuming [InterceptorRecord]
    ) throws(NavigationFailure) {
        // An empty `via` (nearly every request's) is the empty literal: no box to look into.
        let via = request.extras?.via ?? []
        // The match's params are moved into the destination and out of it again for the outcome
        // once the resolution is made (no second reference held meanwhile).
        assert(screen != nil || status == .navigated, "only the route's own screen goes unnamed")
        let destination = Destination(screen: screen ?? "", params: EntryParams(match: match), via: via)
        let resolution: Resolution
        let strategy = request.strategy ?? routeStrategy ?? .extend
        // The route's own screen, which the configuration has found already and whose params
        // the match may have checked, unless an interceptor sent the navigation elsewhere.
        let known = status == .navigated ? config.routeFacts[routeIndex].screen : nil
        do {
            // The last step that may throw: the session changes from here on.
            if inPlace {
                resolution = try config.resolver.resolve(
                    destination,
                    strategy: strategy,
                    stack: &session.stack,
                    nextEntryNumber: session.nextEntryNumber,
                    known: known
                )
            } else {
                resolution = try config.resolver.resolve(
                    destination,
                    strategy: strategy,
                    stack: session.stack,
                    nextEntryNumber: session.nextEntryNumber,
                    known: known
                )
            }
        } catch {
            throw .navigation(error)
        }
        let routeParams = (consume destination).takeParams()
        // By value, the caller's stack is left as it was and the new one (made apart) replaces it here.
        if !inPlace { session.stack = resolution.stack }
        session.settle(after: resolution)
        // Moved into the outcome, not copied and then dropped here: the last use of each.
        result.initialize(
            to: NavigationOutcome(
                status: status == .navigated && resolution.isUnchanged ? .unchanged : status,
                match: match,
                routeParams: routeParams,
                redirects: redirects,
                interceptors: records,
                resolution: resolution,
                session: session
            )
        )
    }

    /// Where a navigation that meets interceptors or redirects goes: the match and the screen it
    /// settles on, with what it went through.
    private struct Settled {
        var match: RouteMatch
        var screen: String
        var routeStrategy: Strategy?
        var status: NavigationOutcome.Status
        var redirects: [String]
        var records: [InterceptorRecord]
    }

    /// The passes of a navigation through global rewrites, the match, interceptors and redirects,
    /// until it settles on a screen; `nil` when an interceptor parked it behind a flow (`result`
    /// then holds the outcome and `session` is its session). `first`: the request's link matched
    /// already, for a configuration without global interceptors.
    ///
    /// Never inlined: kept out of the way of the navigations that meet none of it.
    @inline(never)
    private func intercepted(
        _ request: Request,
        in session: inout Session,
        into result: UnsafeMutablePointer<NavigationOutcome>,
        first: consuming RouteMatch?
    ) throws(NavigationFailure) -> Settled? {
        // The URL once a rewrite or a redirect has moved the navigation; until then the request's.
        var moved: String?
        var first = first
        var redirects: [String] = []
        var records: [InterceptorRecord] = []
        var rewrites = 0
        passes: while true {
            // This pass's global rewrites are its first records, `rewroteFrom..<rewroteTo`: an
            // interceptor that rewrote the URL is not recorded again when it then passes. Two
            // offsets, not a set of names: nothing to make or release when there are none.
            let rewroteFrom = records.count
            for name in config.globalInterceptors {
                guard let interceptor = config.interceptors[name],
                    let new = interceptor.rewrite(moved ?? request.url)
                else {
                    continue
                }
                moved = new
                records.append(InterceptorRecord(name: name, kind: interceptor.kind, outcome: "rewrote"))
            }
            let rewroteTo = records.count
            var match =
                if let found = first.take() {
                    found
                } else if let moved { try matchURL(LinkText(moved)) } else { try matchURL(request.link) }
            let routeIndex = match.route.index
            // A redirect route runs its interceptors too (global ones first); it redirects once they pass.
            var screen: String?
            var routeStrategy: Strategy?
            if case .screen(let name, let strategy) = config.bindings[routeIndex].target {
                screen = name
                routeStrategy = strategy
            }
            var status = NavigationOutcome.Status.navigated
            // Global interceptors first, then the route's. The context copies the URL, match,
            // attributes and headers: made only when read.
            if !config.globalInterceptors.isEmpty || !config.bindings[routeIndex].interceptors.isEmpty {
                let order =
                    config.bindings[routeIndex].interceptors.isEmpty
                    ? config.globalInterceptors
                    : config.globalInterceptors + config.bindings[routeIndex].interceptors
                // Interceptors may keep what they are shown: a lent link is made a string first.
                match.ownURL()
                let context = InterceptionContext(
                    url: match.url,
                    match: match,
                    attributes: session.attributes,
                    headers: request.headers,
                    flags: config.flags
                )
                interceptors: for name in order {
                    guard let interceptor = config.interceptors[name] else { continue }
                    let outcome = interceptor.intercept(context)
                    if outcome == .pass && records[rewroteFrom..<rewroteTo].contains(where: { $0.name == name }) {
                        continue
                    }
                    records.append(InterceptorRecord(name: name, kind: interceptor.kind, outcome: outcome.word))
                    switch outcome {
                    case .pass:
                        continue
                    case .rewrite(let new) where new != match.url:
                        // Rewrites are not redirects, but they are bounded all the same.
                        rewrites += 1
                        guard rewrites <= Self.maxRewrites else {
                            throw .tooManyRedirects([request.url] + redirects + [new])
                        }
                        moved = new
                        continue passes
                    case .rewrite:
                        continue
                    case .redirect(let target):
                        // `{name}`s filled from the matched params, as in a route's own redirect.
                        let absolute = try RedirectTarget.expand(target, match: match, from: match.url)
                        if try follow(absolute, from: match.url, origin: request.url, redirects: &redirects) {
                            moved = absolute
                            continue passes
                        }
                        // A redirect to the URL itself is a no-op: the navigation goes on as if passed.
                        records[records.count - 1] = InterceptorRecord(
                            name: name,
                            kind: interceptor.kind,
                            outcome: "passed"
                        )
                    case .reject(let status, let code):
                        throw .rejected(status: status, code: code, interceptor: name)
                    case .screen(let other):
                        screen = other
                        status = .redirectedScreen
                        break interceptors
                    case .flow(let flow):
                        result.initialize(to: try park(request, behind: flow, session, match, redirects, records))
                        session = result.pointee.session
                        return nil
                    }
                }
            }
            guard let screen = screen.take() else {
                if case .redirect(let template) = config.bindings[routeIndex].target {
                    let target = try RedirectTarget.expand(template, match: match, from: match.url)
                    guard try follow(target, from: match.url, origin: request.url, redirects: &redirects) else {
                        throw .badRedirect(target)
                    }
                    moved = target
                }
                continue passes
            }
            return Settled(
                match: match,
                screen: screen,
                routeStrategy: routeStrategy,
                status: status,
                redirects: redirects,
                records: records
            )
        }
    }

    /// How many times interceptors may rewrite the URL in one navigation.
    static let maxRewrites = 16

    /// The route for `link`, or the failure that says why there is none. A lent link's match lends
    /// its bytes too.
    func matchURL(_ link: LinkText) throws(NavigationFailure) -> RouteMatch {
        let found: RouteMatch?
        do {
            found = try config.table.match(link)
        } catch {
            throw .malformed(error)
        }
        guard let found else { throw .noRoute(link.string) }
        return found
    }

    /// Records a redirect. A redirect to the URL itself is a no-op (`false`); one back to a URL of
    /// the chain (the requested URL, then each redirect) is a loop; more than the limit is too many.
    /// - Parameters:
    ///   - origin: The requested URL, which starts the chain.
    private func follow(
        _ target: String,
        from current: String,
        origin: String,
        redirects: inout [String]
    ) throws(NavigationFailure) -> Bool {
        let key = RedirectTarget.canonical(target)
        if key == RedirectTarget.canonical(current) { return false }
        let loops =
            RedirectTarget.canonical(origin) == key || redirects.contains { RedirectTarget.canonical($0) == key }
        if loops { throw .redirectLoop([origin] + redirects + [target]) }
        guard redirects.count < config.redirectLimit else { throw .tooManyRedirects([origin] + redirects + [target]) }
        redirects.append(target)
        return true
    }
}
