import LinkNavigation
import LinkRouting

/// W: one typical `extend` navigation, product(id: 42) from home > catalog, with a small graph.
enum ResolveFigure {
    static let samples = 15
    static let opsPerSample = 100_000

    /// The resolver, destination and stack of the timed resolution, or `nil` if the graph cannot be built.
    static func fixture() -> (NavigationResolver, Destination, [StackEntry])? {
        guard
            let graph = try? ScreenGraph([
                Screen(name: "home"),
                Screen(name: "catalog", parent: "home"),
                Screen(
                    name: "product",
                    params: [try ScreenParam("id", "int"), try ScreenParam("ref", "string=direct")],
                    parent: "catalog"
                ),
            ])
        else { return nil }
        let resolver = NavigationResolver(graph: graph)
        let destination = Destination(screen: "product", params: ["id": .int(42)])
        let stack = Array(Stacks.threeScreens(0).prefix(2))
        guard let check = try? resolver.resolve(destination, strategy: .extend, stack: stack, nextEntryNumber: 3),
            check.stack.map(\.screen) == ["home", "catalog", "product"]
        else { return nil }
        return (resolver, destination, stack)
    }

    /// Median ns per resolution, or `nil` if the graph cannot be built.
    static func measure() -> Double? {
        guard let (resolver, destination, stack) = fixture() else { return nil }
        var checksum = 0
        func pass() -> Double {
            let start = Machine.nanos()
            for _ in 0..<opsPerSample {
                if let resolution = try? resolver.resolve(
                    destination,
                    strategy: .extend,
                    stack: stack,
                    nextEntryNumber: 3
                ) {
                    checksum &+= resolution.nextEntryNumber
                }
            }
            return Double(Machine.nanos() - start) / Double(opsPerSample)
        }
        _ = pass()  // warm-up
        let result = median((0..<samples).map { _ in pass() })
        return checksum > 0 ? result : nil
    }
}

extension ResolveFigure {
    /// For callgrind: `ops` resolutions only.
    static func profile(ops: Int) throws {
        guard let (resolver, destination, stack) = fixture() else {
            throw BenchmarkError(description: "resolve: the graph cannot be built")
        }
        var checksum = 0
        for _ in 0..<ops {
            if let resolution = try? resolver.resolve(destination, strategy: .extend, stack: stack, nextEntryNumber: 3)
            {
                checksum &+= resolution.nextEntryNumber
            }
        }
        print("profile: \(ops) resolutions, checksum \(checksum)")
    }
}
