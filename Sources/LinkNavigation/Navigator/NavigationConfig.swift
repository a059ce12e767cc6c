public import LinkRouting

/// What a route leads to.
public enum RouteTarget: Sendable, Hashable {
    /// A screen, with an optional default strategy.
    case screen(String, strategy: Strategy?)
    /// Another URL, templated from the matched params (`/product/{id}`); relative to the link's source.
    case redirect(String)
}

/// Per-route navigation settings, indexed like ``RouteTable/routes``.
public struct RouteBinding: Sendable, Hashable {
    public let target: RouteTarget
    /// Interceptor names, run after the global ones.
    public let interceptors: [String]

    public init(target: RouteTarget, interceptors: [String] = []) {
        self.target = target
        self.interceptors = interceptors
    }
}

/// A flow: screens presented as a modal layer to satisfy an interceptor; completing it sets
/// attributes and resumes the parked navigation.
public struct Flow: Sendable, Hashable {
    public let name: String
    public let screens: [String]
    public let sets: SessionAttributes

    public init(name: String, screens: [String], sets: SessionAttributes = [:]) {
        self.name = name
        self.screens = screens
        self.sets = sets
    }
}

/// Everything navigation needs from a loaded route table, checked once.
///
/// A class, immutable: every request takes it (through its ``Navigator``) with one reference count
/// instead of copying eight fields.
public final class NavigationConfig: Sendable {
    public let table: RouteTable
    /// One binding per route, in ``Route/index`` order.
    public let bindings: [RouteBinding]
    public let resolver: NavigationResolver
    public let interceptors: [String: any Interceptor]
    public let globalInterceptors: [String]
    public let flows: [String: Flow]
    public let flags: [String: Bool]
    /// How many redirects (route-level and interceptor ones together) one navigation may follow.
    public let redirectLimit: Int
    /// Per route: its screen, found once (see ``RouteScreen``), and whether a navigation goes
    /// straight to it (``RouteFacts``): what the usual navigation reads of its route, in one table.
    let routeFacts: [RouteFacts]

    /// - Throws: ``NavigationConfigError`` listing every unknown screen, flow and interceptor name.
    public init(
        table: RouteTable,
        bindings: [RouteBinding],
        resolver: NavigationResolver,
        interceptors: [String: any Interceptor] = [:],
        globalInterceptors: [String] = [],
        flows: [Flow] = [],
        flags: [String: Bool] = [:],
        redirectLimit: Int = 5
    ) throws(NavigationConfigError) {
        var problems: [String] = []
        if bindings.count != table.routes.count {
            problems.append("\(bindings.count) bindings for \(table.routes.count) routes")
        }
        let flowsByName = Dictionary(flows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (route, binding) in zip(table.routes, bindings) {
            if case .screen(let name, _) = binding.target, resolver.graph[name] == nil {
                problems.append("route '\(route.name)': unknown screen '\(name)'")
            }
            for name in binding.interceptors where interceptors[name] == nil {
                problems.append("route '\(route.name)': unknown interceptor '\(name)'")
            }
        }
        for name in globalInterceptors where interceptors[name] == nil {
            problems.append("global interceptor '\(name)' is not defined")
        }
        for flow in flows {
            if flow.screens.isEmpty { problems.append("flow '\(flow.name)' has no screens") }
            for screen in flow.screens where resolver.graph[screen] == nil {
                problems.append("flow '\(flow.name)': unknown screen '\(screen)'")
            }
        }
        for (name, interceptor) in interceptors.sorted(by: { $0.key < $1.key }) {
            let fallback: InterceptorFallback? =
                switch interceptor {
                case let i as RequireInterceptor: i.fallback
                case let i as FeatureInterceptor: i.fallback
                case let i as MinVersionInterceptor: i.fallback
                default: nil
                }
            switch fallback {
            case .flow(let flow)? where flowsByName[flow] == nil:
                problems.append("interceptor '\(name)': unknown flow '\(flow)'")
            case .screen(let screen)? where resolver.graph[screen] == nil:
                problems.append("interceptor '\(name)': unknown screen '\(screen)'")
            default: break
            }
        }
        guard problems.isEmpty else { throw NavigationConfigError(problems: problems) }
        self.table = table
        self.bindings = bindings
        self.resolver = resolver
        self.interceptors = interceptors
        self.globalInterceptors = globalInterceptors
        self.flows = flowsByName
        self.flags = flags
        self.redirectLimit = redirectLimit
        self.routeFacts = zip(table.routes, bindings).map { route, binding in
            guard case .screen(let name, let strategy) = binding.target,
                let position = resolver.graph.position(of: name), position <= Int32.max
            else {
                return RouteFacts(
                    screen: RouteScreen(position: -1, paramsChecked: false, paramsInForm: false),
                    direct: false,
                    strategy: nil
                )
            }
            let screen = resolver.graph.ordered[position]
            return RouteFacts(
                screen: RouteScreen(
                    position: position,
                    paramsChecked: Self.matchChecksParams(of: screen, for: route),
                    paramsInForm: Self.matchGivesScreenForm(of: screen, for: route)
                ),
                direct: binding.interceptors.isEmpty,
                strategy: strategy
            )
        }
    }
}

/// A navigation configuration that names things that do not exist.
public struct NavigationConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
