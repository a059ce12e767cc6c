import Foundation

/// The human-readable table and the final summary line.
enum Report {
    static func print(_ t: TimingFigures, _ a: AllocationFigures) {
        func ns(_ r: Timing.Result) -> String { String(format: "%9.1f   %4.1f%%", r.median, 100 * r.spread) }
        func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
        let rows = [
            ("github-203   LinkRouting, from the URL string", t.linkRouting),
            ("github-203   LinkRouting, and [MatchedParam] built", t.linkRoutingBuildingParams),
            ("github-203   RoutingKit, Vapor-style split + route()", t.routingKit),
            ("github-203   RoutingKit, route() on a pre-split path", t.routingKitPreSplit),
            ("deep-link    LinkRouting, 2000-route table, 20 URLs", t.large),
            ("deep-link    LinkRouting, 26-route table, same URLs", t.small),
        ]
        Swift.print("")
        Swift.print("time per lookup                                   median ns  IQR/median")
        for (label, value) in rows { Swift.print(label.padding(toLength: 54, withPad: " ", startingAt: 0) + ns(value)) }
        Swift.print("mallocs per match")
        Swift.print("LinkRouting  static  https://shop.example.com/GET/user/repos            " + Allocations.format(a.linkRoutingStatic))
        Swift.print("LinkRouting  2 params .../GET/repos/julienschmidt/httprouter/stargazers " + Allocations.format(a.linkRoutingParam))
        Swift.print("LinkRouting  2 params, same URL, and [MatchedParam] built              " + Allocations.format(a.linkRoutingParamBuilt))
        Swift.print("RoutingKit   2 params, same URL, split + route()                       " + Allocations.format(a.routingKitParam))
        if a.linkRoutingStatic == nil {
            Swift.print("(mallocs unmeasured: run with LD_PRELOAD=<bin dir>/libMallocInterposerSwift.so, as bench-match.sh does)")
        }
        Swift.print(
            "timing: \(Timing.samples) interleaved samples of >= \(Timing.minSampleNanos / 1_000_000) ms each, "
                + (Interposer.loaded == nil ? "malloc interposer not loaded" : "WARNING: malloc interposer loaded")
                + "; checksum \(Timing.checksum)"
        )
        Swift.print(
            "match github-203: \(f(t.linkRouting.median, 1)) ns/route, RoutingKit: \(f(t.routingKit.median, 1)) ns/route, "
                + "ratio Y/X = \(f(t.routingKit.median / t.linkRouting.median, 1)); "
                + "2000 vs 26 routes: \(f(t.large.median / t.small.median, 2))×; "
                + "allocs static/param: \(Allocations.format(a.linkRoutingStatic))/\(Allocations.format(a.linkRoutingParam))"
        )
    }
}
