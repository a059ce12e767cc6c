import Foundation
import LinkNavigation
import LinkRouting
import Testing

@testable import LinkRouter

/// One file of `Fixtures/invalid`: a config with exactly one problem, whose first line,
/// `# expect: CODE LINE:COLUMN`, names the error it must raise and where.
struct InvalidConfigFixture: Sendable, CustomTestStringConvertible {
    let path: String
    let name: String
    let code: String
    let line: Int
    let column: Int

    var testDescription: String { name }

    /// The fixtures directory, as the test bundle holds it (`resources: [.copy("Fixtures")]`),
    /// else next to this file.
    static let directory: URL = {
        let bundled = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/invalid")
        if let bundled, FileManager.default.fileExists(atPath: bundled.path) { return bundled }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/invalid")
    }()

    /// Every fixture, sorted by file name; a file without a readable `# expect:` line is listed
    /// with an empty code so that its test fails instead of being skipped.
    static let all: [InvalidConfigFixture] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { name in
            let path = directory.appendingPathComponent(name).path
            let data = FileManager.default.contents(atPath: path) ?? Data()
            let firstLine = String(decoding: data.prefix { $0 != 0x0A }, as: UTF8.self)
            return parse(firstLine, path: path, name: name)
                ?? InvalidConfigFixture(path: path, name: name, code: "", line: 0, column: 0)
        }
    }()

    /// Reads `# expect: CODE LINE:COLUMN`.
    static func parse(_ line: String, path: String, name: String) -> InvalidConfigFixture? {
        let words = line.split(separator: " ")
        guard words.count == 4, words[0] == "#", words[1] == "expect:" else { return nil }
        let place = words[3].split(separator: ":")
        guard place.count == 2, let row = Int(place[0]), let column = Int(place[1]) else { return nil }
        return InvalidConfigFixture(path: path, name: name, code: String(words[2]), line: row, column: column)
    }
}

/// The repository root, three levels above this file.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// A small valid config; `screens`, `extra` (more top-level sections) and `routes` are spliced in.
private func config(
    app: String = "  schemes: [shop]\n",
    screens: String = "",
    extra: String = "",
    routes: String = ""
) -> String {
    """
    app:
      name: shop
    \(app)screens:
      home: {}
    \(screens)\(extra)routes:
      - { name: home, pattern: "/", screen: home }
    \(routes)
    """
}

/// Loads `text`, which must be valid.
private func load(_ text: String, file: String = "test.yaml") throws -> LoadedConfig {
    do {
        return try ConfigLoader.load(text: text, file: file)
    } catch {
        Issue.record("unexpected load failure:\n\(error)")
        throw error
    }
}

/// Loads `text`, which must be refused, and returns its diagnostics.
private func diagnostics(_ text: String, file: String = "test.yaml") -> [ConfigDiagnostic] {
    do {
        let loaded = try ConfigLoader.load(text: text, file: file)
        Issue.record("the config loaded; warnings: \(loaded.warnings)")
        return []
    } catch {
        for diagnostic in error.errors where diagnostic.hint?.isEmpty != false {
            Issue.record("SPEC §2.2: every error has a hint; this one has none: \(diagnostic)")
        }
        return error.diagnostics
    }
}

/// The `else` of the interceptor called `name`.
private func fallback(_ name: String, in loaded: LoadedConfig) -> InterceptorFallback? {
    switch loaded.config.interceptors[name] {
    case let interceptor as RequireInterceptor: interceptor.fallback
    case let interceptor as FeatureInterceptor: interceptor.fallback
    case let interceptor as MinVersionInterceptor: interceptor.fallback
    default: nil
    }
}

@Suite struct ConfigValidationTests {
    /// Every code a fixture must exist for: the SPEC §2.2 checks first, then the schema's own.
    static let requiredCodes: Set<String> = [
        "unknown_screen", "unknown_flow", "unknown_interceptor", "parent_cycle", "missing_param",
        "param_type_mismatch", "duplicate_route", "duplicate_parameter", "unmatched_redirect", "redirect_cycle",
        "reserved_scheme", "invalid_scheme", "invalid_host", "invalid_redirect",
        "duplicate_route_name",
        "invalid_pattern", "unknown_source", "invalid_param", "invalid_type", "invalid_value", "unknown_key",
        "missing_key", "yaml_syntax", "duplicate_key", "empty_config", "invalid_file",
    ]
    // Not reachable from a file, so without a fixture: `invalid_query_param` (a query param with an
    // empty name: YAML keys are checked first), `invalid_config` (a safety net behind the checks
    // here) and `unreadable_file` (tested below).

    // MARK: Fixtures

    @Test func everyCodeHasAFixture() {
        let fixtures = InvalidConfigFixture.all
        #expect(fixtures.count >= Self.requiredCodes.count, "fixtures read from \(InvalidConfigFixture.directory.path)")
        let covered = Set(fixtures.map(\.code))
        #expect(
            Self.requiredCodes.subtracting(covered).isEmpty,
            "no fixture for \(Self.requiredCodes.subtracting(covered))"
        )
        for fixture in fixtures {
            #expect(fixture.name.hasPrefix(fixture.code + "."), "\(fixture.name) is not named after \(fixture.code)")
        }
    }

    @Test(arguments: InvalidConfigFixture.all)
    func fixtureIsRefusedAtItsLocation(_ fixture: InvalidConfigFixture) throws {
        #expect(!fixture.code.isEmpty, "\(fixture.name) has no `# expect: CODE LINE:COLUMN` first line")
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: fixture.path) }
        let found = error.diagnostics.first {
            $0.code == fixture.code && $0.location.line == fixture.line && $0.location.column == fixture.column
        }
        let diagnostic = try #require(
            found,
            "expected \(fixture.code) at \(fixture.line):\(fixture.column), got:\n\(error)"
        )
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.file == fixture.path)
        let hint = try #require(diagnostic.hint, "SPEC §2.2: every error has a hint")
        #expect(!hint.isEmpty)
        #expect(
            diagnostic.description
                == "\(fixture.path):\(fixture.line):\(fixture.column): error: \(fixture.code): "
                + "\(diagnostic.message) (hint: \(hint))"
        )
        #expect(!diagnostic.message.isEmpty)
        // Exactly one problem: every error of the file is of the expected code.
        #expect(error.errors.allSatisfy { $0.code == fixture.code }, "\(error)")
        #expect(error.diagnostics == error.diagnostics.sorted { $0.location < $1.location })
        for other in error.errors { #expect(other.hint != nil, "no hint: \(other)") }
    }

    // MARK: Whole loads

    @Test func independentErrorsAreAllReportedInFileOrder() {
        let text = """
            app:
              name: shop
              schemes: [shop, mailto]
            screens:
              home: { presentaton: modal }
            routes:
              - { name: home, pattern: "/", screen: home }
              - { name: cart, pattern: "/cart", screen: basket }
            """
        let found = diagnostics(text)
        #expect(found.map(\.code) == ["reserved_scheme", "unknown_key", "unknown_screen"])
        #expect(found.map(\.location.line) == [3, 5, 8])
        #expect(found.map(\.location.column) == [19, 11, 45])
        #expect(found.allSatisfy { $0.severity == .error && $0.location.file == "test.yaml" })
        #expect(found == found.sorted { $0.location < $1.location })
    }

    @Test func sampleConfigLoadsWithoutErrors() throws {
        let path = repositoryRoot.appendingPathComponent("config/routes.yaml").path
        let loaded = try ConfigLoader.load(path: path)
        #expect(loaded.warnings.allSatisfy { $0.severity == .warning })
        #expect(loaded.file == path)
        #expect(loaded.app.schemes == ["shop"])
        #expect(loaded.app.hosts == ["shop.example.com"])
        #expect(loaded.table.routes.count == 17)
        #expect(loaded.sessions.idleTTL == .seconds(1800))
        #expect(loaded.interceptorKinds["staff_only"] == "require")
    }

    @Test func aWarningDoesNotStopTheLoad() throws {
        let loaded = try load(
            config(
                screens: "  product: { parent: home }\n",
                routes: """
                      - { name: product, pattern: "/product/{id:int}", screen: product }
                      - { name: named, pattern: "/product/{name}", screen: product }
                    """
            )
        )
        let warning = try #require(loaded.warnings.first { $0.code == "overlapping_routes" })
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 10)
        #expect(warning.location.column == 30)
        #expect(warning.description.hasPrefix("test.yaml:10:30: warning: overlapping_routes: "))
        #expect(loaded.table.routes.count == 3)
    }

    @Test func jsonLoadsLikeYAML() throws {
        let json = """
            {
              "app": { "name": "shop", "schemes": ["shop"], "hosts": ["shop.example.com"], "redirect_limit": 3 },
              "screens": { "home": {}, "product": { "parent": "home", "params": { "id": "int" } } },
              "sessions": { "idle_ttl": "90s", "client_ids": true },
              "routes": [
                { "name": "home", "pattern": "/", "screen": "home" },
                { "name": "product", "pattern": "/product/{id:int}", "screen": "product" },
                { "name": "short", "pattern": "/p/{id:int}", "redirect": "/product/{id}" }
              ]
            }
            """
        let yaml = """
            app: { name: shop, schemes: [shop], hosts: [shop.example.com], redirect_limit: 3 }
            screens: { home: {}, product: { parent: home, params: { id: int } } }
            sessions: { idle_ttl: 90s, client_ids: true }
            routes:
              - { name: home, pattern: "/", screen: home }
              - { name: product, pattern: "/product/{id:int}", screen: product }
              - { name: short, pattern: "/p/{id:int}", redirect: "/product/{id}" }
            """
        let fromJSON = try load(json, file: "routes.json")
        let fromYAML = try load(yaml)
        #expect(fromJSON.table.routes.map(\.name) == fromYAML.table.routes.map(\.name))
        #expect(fromJSON.table.routes.map(\.pattern.text) == fromYAML.table.routes.map(\.pattern.text))
        #expect(fromJSON.app.schemes == fromYAML.app.schemes)
        #expect(fromJSON.app.hosts == fromYAML.app.hosts)
        #expect(fromJSON.app.redirectLimit == 3)
        #expect(fromJSON.sessions == fromYAML.sessions)
        #expect(fromJSON.graph["product"]?.params == fromYAML.graph["product"]?.params)

        // Errors in JSON point inside the quotes too.
        let bad = json.replacingOccurrences(of: #""screen": "product""#, with: #""screen": "prodcut""#)
        let found = diagnostics(bad, file: "routes.json")
        #expect(found.map(\.code) == ["unknown_screen"])
        #expect(found.first?.location == SourceLocation(file: "routes.json", line: 7, column: 69))
        #expect(found.first?.hint == "did you mean 'product'?")
    }

    @Test func aMissingFileIsReported() throws {
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: "/nonexistent/routes.yaml") }
        #expect(error.diagnostics.map(\.code) == ["unreadable_file"])
        #expect(
            error.diagnostics.first?.location == SourceLocation(file: "/nonexistent/routes.yaml", line: 1, column: 1)
        )
        #expect(error.diagnostics.first?.hint != nil)
    }

    @Test(arguments: [
        // A block mapping: the second spelling, after its quote when quoted.
        ("screens:\n  home: {}\n  cart: {}\n  home: { parent: cart }\n", 4, 3),
        ("screens:\n  'home': {}\n  # a comment\n\n  'home': {}\n", 5, 4),
        ("routes:\n  - name: a\n    pattern: /a\n    name: b\n", 4, 5),
        // A flow mapping keeps the first, which is all libyaml tells.
        ("screens: { home: {}, home: {} }\n", 1, 12),
        ("{\n  \"screens\": {},\n  \"screens\": {}\n}\n", 3, 4),
    ])
    func duplicateKeysPointAtTheSecondSpelling(_ text: String, _ line: Int, _ column: Int) {
        let found = diagnostics(text)
        #expect(found.map(\.code) == ["duplicate_key"], "\(found)")
        #expect(found.first?.location == SourceLocation(file: "test.yaml", line: line, column: column))
        #expect(found.first?.message.contains("written twice") == true)
    }

    @Test func eachRepeatedRouteNameIsReportedAtItsOwnName() {
        let found = diagnostics(
            config(
                routes: """
                      - { name: home, pattern: "/a", screen: home }
                      - { name: home, pattern: "/b", screen: home }
                    """
            )
        )
        #expect(found.map(\.code) == ["duplicate_route_name", "duplicate_route_name"], "\(found)")
        #expect(found.map(\.location.line) == [8, 9])
        #expect(found.map(\.location.column) == [13, 13])
    }

    @Test func anUppercaseFirstSegmentIsAWarning() throws {
        let loaded = try load(config(routes: #"  - { name: help, pattern: "/Help", screen: home }"#))
        let warning = try #require(loaded.warnings.first { $0.code == "uppercase_host_slot" })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: "test.yaml", line: 8, column: 30))
    }

    @Test func aRedirectUsingAnOptionalQueryParamIsRefused() {
        let found = diagnostics(
            config(
                screens: "  search: { parent: home, params: { q: \"string?\" } }\n",
                routes: """
                      - { name: search, pattern: "/search", screen: search, query: { q: "string?" } }
                      - { name: find, pattern: "/find", query: { q: "string?" }, redirect: "/search?q={q}" }
                    """
            )
        )
        #expect(found.map(\.code) == ["invalid_redirect"], "\(found)")
        #expect(found.first?.location == SourceLocation(file: "test.yaml", line: 10, column: 73))
        #expect(found.first?.message.contains("'q'") == true)
    }

    // MARK: Values

    @Test(arguments: [
        ("90s", Duration.seconds(90)), ("30m", .seconds(1800)), ("1h30m", .seconds(5400)), ("2d", .seconds(172_800)),
        ("500ms", .milliseconds(500)), ("1m30s", .seconds(90)), ("45", .seconds(45)),
    ])
    func durations(_ text: String, _ expected: Duration) throws {
        #expect(DurationText.parse(text) == expected)
        let loaded = try load(config(extra: "sessions: { idle_ttl: \(text) }\n"))
        #expect(loaded.sessions.idleTTL == expected)
    }

    @Test(arguments: ["0s", "0", "abc", "-5s", "5x", "m", "1h30", "1.5h", "99999999999999999999s", "\"\""])
    func badDurationsAreRefused(_ text: String) {
        let found = diagnostics(config(extra: "sessions:\n  idle_ttl: \(text)\n"))
        #expect(found.map(\.code) == ["invalid_value"])
        let column = text.hasPrefix("\"") ? 14 : 13
        #expect(found.first?.location == SourceLocation(file: "test.yaml", line: 7, column: column))
        #expect(found.first?.hint?.contains("90s") == true)
    }

    @Test func paramShorthandAndMapForms() throws {
        let loaded = try load(
            config(
                screens: """
                      product:
                        parent: home
                        params:
                          id: int
                          ref: "string?"
                          tab: "enum(info|reviews)=info"
                          tags: "[slug]"
                          page: { type: int, default: 1, min: 1, max: 50 }
                          name: { type: string, optional: true, min_length: 2, max_length: 40 }
                          when: { type: date }

                    """,
                routes: #"  - { name: product, pattern: "/product/{id:int}/{when:date}", screen: product }"#
            )
        )
        let params = try #require(loaded.graph["product"]?.params)
        let byName = Dictionary(params.map { ($0.name, $0.declaration) }, uniquingKeysWith: { a, _ in a })
        #expect(params.map(\.name) == ["id", "ref", "tab", "tags", "page", "name", "when"])
        #expect(byName["id"] == (try ParamDeclaration(parsing: "int")))
        #expect(byName["ref"] == (try ParamDeclaration(parsing: "string?")))
        #expect(byName["tab"] == (try ParamDeclaration(parsing: "enum(info|reviews)=info")))
        #expect(byName["tags"]?.mode == .array)
        #expect(byName["page"]?.mode == .defaulted(.int(1)))
        #expect(byName["page"]?.spec.min == 1)
        #expect(byName["page"]?.spec.max == 50)
        #expect(byName["name"]?.mode == .optional)
        #expect(byName["name"]?.spec.minLength == 2)
        #expect(byName["name"]?.spec.maxLength == 40)
        #expect(byName["when"] == (try ParamDeclaration(parsing: "date")))
    }

    @Test(arguments: [
        ("{ type: int, optional: true, default: 1 }", "invalid_param"),
        ("{ type: string, min: 1 }", "invalid_param"),
        ("{ type: int, default: x }", "invalid_param"),
        ("{ type: integer }", "invalid_param"),
        ("{ default: 1 }", "missing_key"),
        ("{ type: int, minimum: 1 }", "unknown_key"),
        ("{ type: int, min: low }", "invalid_type"),
        ("\"int=x\"", "invalid_param"),
        ("\"[int\"", "invalid_param"),
    ])
    func badParamsAreRefused(_ spec: String, _ code: String) {
        let found = diagnostics(config(screens: "  product: { parent: home, params: { id: \(spec) } }\n"))
        #expect(found.map(\.code) == [code], "\(found)")
        #expect(found.first?.location.line == 6)
    }

    @Test func interceptorElseVariants() throws {
        let loaded = try load(
            config(
                screens:
                    "  cart: { parent: home }\n  login: { presentation: modal }\n  update: { presentation: modal }\n",
                extra: """
                    flows:
                      login: { screens: [login] }
                    interceptors:
                      to_flow: { kind: require, when: { attribute: signed_in, equals: true }, else: { flow: login } }
                      to_url: { kind: feature, flag: beta, else: { redirect: "/cart" } }
                      to_screen: { kind: min_version, version: "2.3.0", else: { screen: update } }
                      to_reject: { kind: require, when: { header: X-Key, present: true }, else: { reject: { status: 401, code: no_key } } }
                      to_default_reject: { kind: require, when: { attribute: a, equals: 1 }, else: { reject: {} } }

                    """,
                routes: #"  - { name: cart, pattern: "/cart", screen: cart }"#
            )
        )
        #expect(fallback("to_flow", in: loaded) == .flow("login"))
        #expect(fallback("to_url", in: loaded) == .redirect("/cart"))
        #expect(fallback("to_screen", in: loaded) == .screen("update"))
        #expect(fallback("to_reject", in: loaded) == .reject(status: 401, code: "no_key"))
        #expect(fallback("to_default_reject", in: loaded) == .reject(status: 403, code: "rejected"))
        #expect(loaded.interceptorKinds["to_screen"] == "min_version")
    }

    @Test(arguments: [
        ("{ flow: login, screen: home }", "invalid_value"),
        ("{}", "invalid_value"),
        ("{ goto: home }", "unknown_key"),
        ("{ reject: { status: 200 } }", "invalid_value"),
        ("{ screen: nowhere }", "unknown_screen"),
        ("{ flow: nowhere }", "unknown_flow"),
        ("{ redirect: \"/nowhere\" }", "unmatched_redirect"),
    ])
    func badElseIsRefused(_ otherwise: String, _ code: String) {
        let found = diagnostics(
            config(
                screens: "  login: {}\n",
                extra: """
                    flows: { login: { screens: [login] } }
                    interceptors:
                      check: { kind: require, when: { attribute: a, present: true }, else: \(otherwise) }

                    """
            )
        )
        #expect(found.map(\.code) == [code], "\(found)")
        #expect(found.first?.location.line == 9)
    }

    /// An interceptor refused for an error of its own is reported once, where it is declared; the
    /// routes and the global list that name it are not told it is unknown.
    @Test(arguments: ["{ kind: teleport }", "{ kind: min_version, version: \"x.y\", else: { reject: {} } }"])
    func aBrokenInterceptorIsReportedOnlyWhereItIsDeclared(_ declaration: String) {
        let found = diagnostics(
            config(
                extra: """
                    interceptors:
                      broken: \(declaration)
                    global_interceptors: [broken]

                    """,
                routes: #"  - { name: gated, pattern: "/g", screen: home, interceptors: [broken] }"#
            )
        )
        #expect(found.count == 1, "\(found)")
        #expect(!found.contains { $0.code == "unknown_interceptor" }, "\(found)")
        #expect(found.first?.location.line == 7, "\(found)")
    }

    @Test func conditions() throws {
        let loaded = try load(
            config(
                extra: """
                    interceptors:
                      staff:
                        kind: require
                        when:
                          any:
                            - { attribute: role, in: [staff, admin, 3] }
                            - all:
                                - { header: X-Staff-Token, present: true }
                                - not: { attribute: banned, equals: true }
                                - { attribute: "level", equals: "2" }
                        else: { reject: { status: 403, code: staff_only } }

                    """
            )
        )
        let interceptor = try #require(loaded.config.interceptors["staff"] as? RequireInterceptor)
        let expected = Condition.any([
            .attribute("role", .oneOf([.string("staff"), .string("admin"), .number(3)])),
            .all([
                .header("X-Staff-Token", .present(true)),
                .not(.attribute("banned", .equals(.bool(true)))),
                .attribute("level", .equals(.string("2"))),
            ]),
        ])
        #expect(interceptor.when == expected)
    }

    @Test(arguments: [
        "{ attribute: a }",
        "{ attribute: a, equals: 1, present: true }",
        "{ attribute: a, header: b, present: true }",
        "{ all: [], attribute: a }",
        "{ not: { attribute: a, present: true }, any: [] }",
        "{ equals: 1 }",
    ])
    func badConditionsAreRefused(_ condition: String) {
        let found = diagnostics(
            config(
                extra: """
                    interceptors:
                      check: { kind: require, when: \(condition), else: { reject: {} } }

                    """
            )
        )
        #expect(found.map(\.code) == ["invalid_value"], "\(found)")
        #expect(found.first?.location.line == 7)
    }

    @Test(arguments: [
        ("rotues:\n  - { name: x, pattern: /x, screen: home }\n", "rotues", "did you mean 'routes'?"),
        ("flows: { login: { screns: [home] } }\n", "screns", "did you mean 'screens'?"),
        ("interceptors: { a: { knd: feature } }\n", "knd", "did you mean 'kind'?"),
        ("sessions: { idle_tl: 30m }\n", "idle_tl", "did you mean 'idle_ttl'?"),
    ])
    func unknownKeysGetADidYouMeanHint(_ extra: String, _ key: String, _ hint: String) {
        let text = config(extra: extra)
        let found = diagnostics(text).filter { $0.code == "unknown_key" }
        let diagnostic = found.first
        #expect(diagnostic?.hint == hint, "\(found)")
        #expect(diagnostic?.message.contains("'\(key)'") == true)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(key) }
        #expect(diagnostic?.location.line == line.map { $0 + 1 })
    }

    @Test func unknownKeysInRoutesAndScreensGetAHint() {
        let found = diagnostics(
            config(
                screens: "  cart: { parnt: home }\n",
                routes: #"  - { name: cart, patern: "/cart", screen: cart }"#
            )
        )
        let hints = found.filter { $0.code == "unknown_key" }.map(\.hint)
        #expect(hints == ["did you mean 'parent'?", "did you mean 'pattern'?"], "\(found)")
    }

    @Test(arguments: ["http", "https", "mailto", "tel", "HTTPS"])
    func wellKnownSchemesAreNotCustomSchemes(_ scheme: String) {
        let found = diagnostics(config(app: "  schemes: [shop, \(scheme)]\n"))
        #expect(found.map(\.code) == ["reserved_scheme"])
        #expect(found.first?.location == SourceLocation(file: "test.yaml", line: 3, column: 19))
    }

    @Test(arguments: ["shop.example.com/app", "https://shop.example.com", "user@shop.example.com", "a.com?x=1"])
    func hostsAreBareHostNames(_ host: String) {
        let found = diagnostics(config(app: "  schemes: [shop]\n  hosts: [\"\(host)\"]\n"))
        #expect(found.map(\.code) == ["invalid_host"])
        #expect(found.first?.location == SourceLocation(file: "test.yaml", line: 4, column: 12))
    }
}
