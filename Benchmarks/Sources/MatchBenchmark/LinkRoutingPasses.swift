import LinkRouting

/// Lookup passes over LinkRouting tables.
enum LinkRoutingPasses {
    /// Matches every URL once; sums the matched route indexes and param counts. Path params stay
    /// unbuilt in the match (byte ranges of the URL, typed and checked): see ``passBuildingParams(_:_:)``.
    @inline(never)
    static func pass(_ table: RouteTable, _ urls: [String]) -> Int {
        var sum = 0
        for url in urls {
            if let match = try? table.match(url) { sum &+= match.route.index &+ match.paramCount }
        }
        return sum
    }

    /// The same, also building every match's `[MatchedParam]` (the strings and typed values), as
    /// the daemon does when it renders a navigation answer.
    @inline(never)
    static func passBuildingParams(_ table: RouteTable, _ urls: [String]) -> Int {
        var sum = 0
        for url in urls {
            if let match = try? table.match(url) { sum &+= match.route.index &+ match.params.count }
        }
        return sum
    }

    /// One lookup, for allocation counts.
    @inline(never)
    static func one(_ table: RouteTable, _ url: String) -> Int {
        guard let match = try? table.match(url) else { return -1 }
        return match.route.index &+ match.paramCount
    }

    /// One lookup and its params built, for allocation counts.
    @inline(never)
    static func oneBuildingParams(_ table: RouteTable, _ url: String) -> Int {
        guard let match = try? table.match(url) else { return -1 }
        return match.route.index &+ match.params.count
    }

    /// Aborts unless every URL selects its expected route.
    static func verify(_ table: RouteTable, _ lookups: [(url: String, route: Int)], _ what: String) throws {
        for (url, route) in lookups {
            let match: RouteMatch?
            do { match = try table.match(url) } catch { throw InputError("\(what): \(url) is malformed: \(error)") }
            guard let match else { throw InputError("\(what): \(url) matched no route (expected \(table.routes[route].name))") }
            guard match.route.index == route else {
                throw InputError(
                    "\(what): \(url) matched \(match.route.name) \(match.route.pattern), expected \(table.routes[route])"
                )
            }
        }
    }
}
