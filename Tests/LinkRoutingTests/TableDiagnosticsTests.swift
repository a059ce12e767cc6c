import LinkRouting
import Testing

private func routes(_ patterns: String...) -> [RouteDefinition] {
    patterns.enumerated().map { RouteDefinition(name: "r\($0.offset + 1)", pattern: $0.element) }
}

/// Every diagnostic of building the table: the thrown ones, or the warnings of a table that builds.
private func diagnostics(
    _ definitions: [RouteDefinition],
    schemes: [String] = ["shop"],
    hosts: [String] = ["shop.example.com"]
) -> (built: Bool, all: [RoutingDiagnostic]) {
    do {
        return (true, try RouteTable(definitions, schemes: schemes, hosts: hosts).warnings)
    } catch {
        return (false, error.diagnostics)
    }
}

private func codes(_ list: [RoutingDiagnostic], _ severity: RoutingDiagnostic.Severity) -> [RoutingDiagnostic.Code] {
    list.filter { $0.severity == severity }.map(\.code)
}

@Suite struct TableDiagnosticsTests {
    @Test(arguments: [
        ("/a/{x}", "/a/{y}"), ("/a[/b]", "/a[/b]"), ("/p/{id:int}", "/p/{id:int}"), ("/a", "/a/"),
        ("shop://a", "shop:/a"), ("/s?a=1&b=2", "/s?b=2&a=1"), ("/f/{r:path}", "/f/{rest:path}"),
        ("https://shop.example.com/x", "https://Shop.Example.com/x/"),
    ])
    func samePatternsAreDuplicateRoutesNamingBoth(first: String, second: String) {
        let result = diagnostics(routes(first, second))
        #expect(!result.built)
        let duplicates = result.all.filter { $0.code == .duplicateRoute }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.severity == .error)
        #expect(duplicates.first?.routes == ["r1", "r2"])
    }

    @Test(arguments: [
        ("shop://a", "/a"), ("https://shop.example.com/a", "http://shop.example.com/a"),
        ("/open?type=pvp", "/open"), ("/open?type=pvp", "/open?type"), ("/p/{id:int}", "/p/{s}"),
        ("/p/{id:int:min(1)}", "/p/{id:int}"), ("/a/b", "/a[/b]"), ("/a", "/a[/b]"),
    ])
    func patternsDifferingBySourceLiteralOrTypeAreNotDuplicates(first: String, second: String) {
        let result = diagnostics(routes(first, second))
        #expect(result.built)
        #expect(!result.all.contains { $0.code == .duplicateRoute })
    }

    @Test func aRequiredQueryParamSetsRoutesApartButAnOptionalOneDoesNot() throws {
        let required = [
            RouteDefinition(name: "r1", pattern: "/a", query: [try QueryParam("q", "int")]),
            RouteDefinition(name: "r2", pattern: "/a"),
        ]
        #expect(diagnostics(required).built)
        let optional = [
            RouteDefinition(name: "r1", pattern: "/a", query: [try QueryParam("q", "int?")]),
            RouteDefinition(name: "r2", pattern: "/a"),
        ]
        #expect(codes(diagnostics(optional).all, .error) == [.duplicateRoute])
    }

    @Test func typeDifferenceIsAnOverlapWarning() throws {
        let table = try RouteTable(routes("/p/{id:int}", "/p/{s}"), schemes: ["shop"])
        #expect(table.warnings.map(\.code) == [.overlappingRoutes])
        #expect(table.warnings.first?.severity == .warning)
        #expect(table.warnings.first?.routes == ["r1", "r2"])
    }

    @Test(arguments: [
        ("/p/{id:int}", "/p/{slug}"), ("/p/new", "/p/{id}"), ("/p/{id:int}", "/p/{s:slug}"),
        ("/a/{x:int:min(1):max(10)}", "/a/{y:int:min(10)}"), ("/{x}/b", "/a/{y}"), ("/a/{x:uint}", "/a/{y:float}"),
        ("/f/{r:path}", "/f/a/b"), ("/p/{k:enum(a|b)}", "/p/b"), ("shop://a", "/a"), ("/a", "/a[/b]"),
        ("/{x}", "/a"),
    ])
    func overlappingRoutesWarnNamingBoth(first: String, second: String) {
        let result = diagnostics(routes(first, second))
        #expect(result.built)
        let overlaps = result.all.filter { $0.code == .overlappingRoutes }
        #expect(overlaps.count == 1)
        #expect(overlaps.first?.severity == .warning)
        #expect(overlaps.first?.routes == ["r1", "r2"])
    }

    @Test(arguments: [
        ("/p/{id:int}", "/p/{b:bool}"), ("/a/x", "/b/x"), ("/p/{k:enum(a|b)}", "/p/c"), ("/a", "/a/b"),
        ("/a/{x:int:max(-1)}", "/a/{y:uint}"), ("/a/{x:int:max(4)}", "/a/{y:int:min(5)}"),
        ("/open?type=pvp", "/open?type=pve"), ("shop://a", "https://shop.example.com/a"),
        ("/p/{d:date}", "/p/{u:uuid}"), ("/p/{k:enum(a|b)}", "/p/{n:int}"),
    ])
    func disjointRoutesDoNotWarn(first: String, second: String) {
        let result = diagnostics(routes(first, second))
        #expect(result.built)
        #expect(result.all.isEmpty)
    }

    @Test(
        arguments: [
            ("/a/{id}/b/{id}", []),
            ("/a[/{id}][/{id:int}]", []),
            ("/a/{id}", [("id", "int?")]),
            ("/a", [("q", "int"), ("q", "string?")]),
            ("/a?k=1", [("k", "int")]),
        ] as [(String, [(String, String)])]
    )
    func clashingParameterNamesAreDuplicateParameters(pattern: String, query: [(String, String)]) throws {
        let params = try query.map { try QueryParam($0.0, $0.1) }
        let result = diagnostics([RouteDefinition(name: "r", pattern: pattern, query: params)])
        #expect(codes(result.all, .error) == [.duplicateParameter])
        #expect(result.all.first?.routes == ["r"])
    }

    @Test func reusedRouteNameIsAnError() {
        let result = diagnostics([RouteDefinition(name: "a", pattern: "/x"), RouteDefinition(name: "a", pattern: "/y")])
        #expect(codes(result.all, .error) == [.duplicateRouteName])
        #expect(result.all.first?.routes == ["a"])
    }

    @Test func emptyQueryParamNameIsInvalid() throws {
        let result = diagnostics([RouteDefinition(name: "r", pattern: "/a", query: [try QueryParam("", "int")])])
        #expect(codes(result.all, .error) == [.invalidQueryParam])
    }

    @Test(arguments: ["http", "https", "mailto", "tel", "HTTP", "Mailto"])
    func wellKnownSchemesAreReserved(scheme: String) {
        let result = diagnostics(routes("/a"), schemes: ["shop", scheme])
        #expect(codes(result.all, .error) == [.reservedScheme])
    }

    @Test(arguments: ["shop.example.com/path", "https://shop.example.com", "u@shop.example.com", "", "a b"])
    func hostsMustBeBareNames(host: String) {
        let result = diagnostics(routes("/a"), hosts: [host])
        #expect(codes(result.all, .error) == [.invalidHost])
    }

    @Test(arguments: ["other://x", "https://other.example.com/x", "http://other.example.com", "mailto:x"])
    func patternsPinnedToUnlistedSourcesAreUnknown(pattern: String) {
        let result = diagnostics([RouteDefinition(name: "r", pattern: pattern)])
        #expect(codes(result.all, .error) == [.unknownSource])
        #expect(result.all.first?.routes == ["r"])
    }

    @Test func listedSourcesMatchCaseInsensitively() {
        let result = diagnostics(
            routes("SHOP://x", "https://shop.example.com/x", "http://Shop.Example.com/y", "app:/z"),
            schemes: ["Shop", "app"],
            hosts: ["Shop.Example.COM"]
        )
        #expect(result.built)
    }

    @Test func invalidPatternCarriesColumnAndHint() {
        let result = diagnostics([RouteDefinition(name: "bad", pattern: "/a//b")])
        #expect(codes(result.all, .error) == [.invalidPattern])
        #expect(result.all.first?.column == 4)
        #expect(result.all.first?.hint != nil)
        #expect(result.all.first?.routes == ["bad"])
    }

    @Test func everyBadRouteIsReported() {
        let result = diagnostics(routes("/a//b", "/x/{1}", "other://x", "/ok", "/y/{id}/{id}"))
        #expect(codes(result.all, .error) == [.invalidPattern, .invalidPattern, .unknownSource, .duplicateParameter])
        #expect(result.all.map(\.routes) == [["r1"], ["r2"], ["r3"], ["r5"]])
    }

    @Test func sourceAndRouteErrorsAreReportedTogether() {
        let result = diagnostics(routes("/a//b"), schemes: ["http"], hosts: ["h/x"])
        #expect(Set(codes(result.all, .error)) == [.invalidPattern, .reservedScheme, .invalidHost])
    }

    @Test
    func duplicatesAreReportedAlongsideOtherErrors() {
        let result = diagnostics(routes("/a//b", "/x", "/x"))
        #expect(codes(result.all, .error) == [.invalidPattern, .duplicateRoute])
    }

    @Test
    func enumMemberOrderDoesNotHideADuplicate() {
        let result = diagnostics(routes("/p/{k:enum(a|b)}", "/p/{k:enum(b|a)}"))
        #expect(codes(result.all, .error) == [.duplicateRoute])
    }

    @Test(arguments: [
        (RoutingDiagnostic.Code.invalidPattern, "invalid_pattern"), (.invalidQueryParam, "invalid_query_param"),
        (.duplicateRoute, "duplicate_route"), (.duplicateRouteName, "duplicate_route_name"),
        (.duplicateParameter, "duplicate_parameter"), (.overlappingRoutes, "overlapping_routes"),
        (.unknownSource, "unknown_source"), (.reservedScheme, "reserved_scheme"), (.invalidScheme, "invalid_scheme"),
        (.invalidHost, "invalid_host"),
    ])
    func codesHaveStableRawValues(code: RoutingDiagnostic.Code, raw: String) {
        #expect(code.rawValue == raw)
    }
}
