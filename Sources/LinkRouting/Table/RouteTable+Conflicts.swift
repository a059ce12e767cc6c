extension RouteTable {
    /// What decides the set of URLs a route matches: its path shapes (optional groups spelled out,
    /// absent ones dropped, specs in canonical form), source, query literals and required params.
    private struct Signature: Hashable {
        let shapes: Set<[VariantElement]>
        let sourceID: Int
        let literals: Set<URLPattern.QueryLiteral>
        let required: Set<QueryParam>
    }

    /// `duplicate_route` errors (same URLs matched) and `overlapping_routes` warnings (some URL matched by both).
    static func conflicts(_ routes: [Route]) -> [RoutingDiagnostic] {
        var out: [RoutingDiagnostic] = []
        var firstWithSignature: [Signature: Int] = [:]
        var signatures: [Signature] = []
        for (i, route) in routes.enumerated() {
            let shapes = route.pattern.variants.map { variant in
                variant.compactMap { element -> VariantElement? in
                    switch element {
                    case .absent: nil
                    case .literal: element
                    case .placeholder(_, let spec): .placeholder(name: "", spec: spec.edgeKey)
                    }
                }
            }
            let signature = Signature(
                shapes: Set(shapes),
                sourceID: route.sourceID,
                literals: Set(route.pattern.queryLiterals),
                required: Set(route.query.filter(\.declaration.isRequired))
            )
            signatures.append(signature)
            if let first = firstWithSignature[signature] {
                let other = routes[first]
                out.append(
                    RoutingDiagnostic(
                        .error,
                        .duplicateRoute,
                        "routes '\(other.name)' (\(other.pattern.text)) and '\(route.name)' (\(route.pattern.text)) "
                            + "match exactly the same URLs",
                        routes: [other.name, route.name],
                        hint: "remove one, or make one more specific"
                    )
                )
            } else {
                firstWithSignature[signature] = i
            }
        }
        for (i, j) in candidatePairs(routes) where signatures[i] != signatures[j] && overlap(routes[i], routes[j]) {
            out.append(
                RoutingDiagnostic(
                    .warning,
                    .overlappingRoutes,
                    "routes '\(routes[i].name)' (\(routes[i].pattern.text)) and '\(routes[j].name)' "
                        + "(\(routes[j].pattern.text)) both match some URLs; the more specific one wins",
                    routes: [routes[i].name, routes[j].name]
                )
            )
        }
        return out
    }

    /// Pairs that may overlap: routes whose first segment is always a literal only meet routes
    /// sharing that literal, plus every route that starts otherwise.
    private static func candidatePairs(_ routes: [Route]) -> [(Int, Int)] {
        var buckets: [[UInt8]: [Int]] = [:]
        var wild: [Int] = []
        for (i, route) in routes.enumerated() {
            var firsts: Set<[UInt8]> = []
            var isWild = false
            for variant in route.pattern.variants {
                if case .literal(let bytes) = variant.first(where: \.consumesSegment) {
                    firsts.insert(bytes)
                } else {
                    isWild = true
                }
            }
            if isWild { wild.append(i) } else { for key in firsts { buckets[key, default: []].append(i) } }
        }
        var pairs: Set<[Int]> = []
        for members in buckets.values {
            for a in members.indices {
                for b in members.indices where b > a { pairs.insert([members[a], members[b]]) }
            }
        }
        for w in wild { for i in routes.indices where i != w { pairs.insert([Swift.min(i, w), Swift.max(i, w)]) } }
        return pairs.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0[0], $0[1]) }
    }

    private static func overlap(_ a: Route, _ b: Route) -> Bool {
        guard a.sourceID < 0 || b.sourceID < 0 || a.sourceID == b.sourceID else { return false }
        for x in a.pattern.queryLiterals {
            for y in b.pattern.queryLiterals where x.name == y.name {
                if let xv = x.value, let yv = y.value, xv != yv { return false }
            }
        }
        let bVariants = b.pattern.variants.map { $0.filter(\.consumesSegment)[...] }
        for va in a.pattern.variants.map({ $0.filter(\.consumesSegment)[...] }) {
            for vb in bVariants where sequencesOverlap(va, vb) { return true }
        }
        return false
    }

    private static func isRest(_ e: VariantElement) -> Bool {
        if case .placeholder(_, let spec) = e, spec.type == .path { return true }
        return false
    }

    private static func sequencesOverlap(_ a: ArraySlice<VariantElement>, _ b: ArraySlice<VariantElement>) -> Bool {
        guard let x = a.first else { return b.isEmpty }
        guard let y = b.first else { return false }
        if isRest(x) || isRest(y) { return true }  // rest takes one or more segments of anything
        return elementsIntersect(x, y) && sequencesOverlap(a.dropFirst(), b.dropFirst())
    }

    private static func elementsIntersect(_ x: VariantElement, _ y: VariantElement) -> Bool {
        switch (x, y) {
        case (.literal(let l), .literal(let r)): return l == r
        case (.literal(let l), .placeholder(_, let spec)), (.placeholder(_, let spec), .literal(let l)):
            return l.withUnsafeBufferPointer { spec.accepts($0) }
        case (.placeholder(_, let s1), .placeholder(_, let s2)): return specsIntersect(s1, s2)
        default: return false
        }
    }

    /// Whether some segment is a value of both specs (exact for enums and numeric ranges, generous otherwise).
    static func specsIntersect(_ a: ParamSpec, _ b: ParamSpec) -> Bool {
        if case .enum(let values) = a.type { return values.contains { b.accepts(bytes: $0) } }
        if case .enum(let values) = b.type { return values.contains { a.accepts(bytes: $0) } }
        switch (a.type, b.type) {
        case (.string, _), (_, .string), (.slug, _), (_, .slug): return true
        case (.int, .int), (.int, .float), (.float, .int), (.float, .float), (.uint, .uint), (.uint, .float),
            (.float, .uint), (.int, .uint), (.uint, .int):
            let aLow = Swift.max(a.min ?? -.infinity, a.type == .uint ? 0 : -.infinity)
            let bLow = Swift.max(b.min ?? -.infinity, b.type == .uint ? 0 : -.infinity)
            return Swift.max(aLow, bLow) <= Swift.min(a.max ?? .infinity, b.max ?? .infinity)
        case (.bool, .bool), (.uuid, .uuid), (.date, .date): return true
        default: return false
        }
    }
}

extension ParamSpec {
    func accepts(bytes text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { accepts($0) }
    }
}
