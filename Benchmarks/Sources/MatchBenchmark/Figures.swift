/// Mallocs per match; nil when unmeasured. Passed from the counting process to the timing process.
struct AllocationFigures {
    var linkRoutingStatic: Double?
    var linkRoutingParam: Double?
    var linkRoutingParamBuilt: Double?
    var routingKitParam: Double?

    static let unmeasured = AllocationFigures()

    /// Counts with the interposer loaded in this process (nil figures when it is not).
    static func measure(_ fixture: Fixture) -> AllocationFigures {
        AllocationFigures(
            linkRoutingStatic: Allocations.perCall { LinkRoutingPasses.one(fixture.githubTable, Fixture.staticURL) },
            linkRoutingParam: Allocations.perCall { LinkRoutingPasses.one(fixture.githubTable, Fixture.paramURL) },
            linkRoutingParamBuilt: Allocations.perCall {
                LinkRoutingPasses.oneBuildingParams(fixture.githubTable, Fixture.paramURL)
            },
            routingKitParam: Allocations.perCall { fixture.peer.lookup(Fixture.paramURL) ?? -1 }
        )
    }

    /// `0,0,1,13` (`-` for unmeasured).
    var encoded: String {
        [linkRoutingStatic, linkRoutingParam, linkRoutingParamBuilt, routingKitParam]
            .map { $0.map { "\($0)" } ?? "-" }.joined(separator: ",")
    }

    init(
        linkRoutingStatic: Double? = nil,
        linkRoutingParam: Double? = nil,
        linkRoutingParamBuilt: Double? = nil,
        routingKitParam: Double? = nil
    ) {
        self.linkRoutingStatic = linkRoutingStatic
        self.linkRoutingParam = linkRoutingParam
        self.linkRoutingParamBuilt = linkRoutingParamBuilt
        self.routingKitParam = routingKitParam
    }

    init(encoded: String) {
        let values = encoded.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        self.init(
            linkRoutingStatic: values.count > 0 ? values[0] : nil,
            linkRoutingParam: values.count > 1 ? values[1] : nil,
            linkRoutingParamBuilt: values.count > 2 ? values[2] : nil,
            routingKitParam: values.count > 3 ? values[3] : nil
        )
    }
}

/// Median ns per lookup (and spread) of every timed case.
struct TimingFigures {
    let linkRouting: Timing.Result
    let linkRoutingBuildingParams: Timing.Result
    let routingKit: Timing.Result
    let routingKitPreSplit: Timing.Result
    let large: Timing.Result
    let small: Timing.Result

    /// Times the GitHub cases together (interleaved), then the two deep-link tables together.
    static func measure(_ f: Fixture) -> TimingFigures {
        let headline = Timing.measure([
            Workload(name: "LinkRouting", lookupsPerPass: f.githubURLs.count) {
                LinkRoutingPasses.pass(f.githubTable, f.githubURLs)
            },
            Workload(name: "LinkRouting, params built", lookupsPerPass: f.githubURLs.count) {
                LinkRoutingPasses.passBuildingParams(f.githubTable, f.githubURLs)
            },
            Workload(name: "RoutingKit", lookupsPerPass: f.githubURLs.count) {
                var sum = 0
                for url in f.githubURLs { sum &+= f.peer.lookup(url) ?? -1 }
                return sum
            },
            Workload(name: "RoutingKit pre-split", lookupsPerPass: f.githubSplit.count) {
                var sum = 0
                for path in f.githubSplit { sum &+= f.peer.lookup(split: path) ?? -1 }
                return sum
            },
        ])
        let scaling = Timing.measure([
            Workload(name: "2000", lookupsPerPass: f.sharedURLs.count) { LinkRoutingPasses.pass(f.large, f.sharedURLs) },
            Workload(name: "26", lookupsPerPass: f.sharedURLs.count) { LinkRoutingPasses.pass(f.small, f.sharedURLs) },
        ])
        return TimingFigures(
            linkRouting: headline[0],
            linkRoutingBuildingParams: headline[1],
            routingKit: headline[2],
            routingKitPreSplit: headline[3],
            large: scaling[0],
            small: scaling[1]
        )
    }
}
