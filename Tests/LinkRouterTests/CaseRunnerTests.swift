import Foundation
import LinkRouterHTTP
import LinkRouting
import Testing

@testable import LinkRouter

/// The repository root, three levels above this file (`Tests/LinkRouterTests/CaseRunnerTests.swift`).
private let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// The shop table of `config/routes.yaml`, loaded once.
private let shopConfig: Result<LoadedConfig, ConfigError> = Result {
    () throws(ConfigError) in
    try ConfigLoader.load(path: repositoryRoot.appendingPathComponent("config/routes.yaml").path)
}

/// A runner over the shop table.
private func shopRunner() throws -> CaseRunner {
    CaseRunner(engine: Engine(config: try shopConfig.get()))
}

/// Parses one cases text that must be valid.
private func cases(_ text: String) throws -> [LinkCase] {
    try CaseFile.parse(text, file: "cases.yaml")
}

/// The error a cases text that must be refused gives.
private func readError(_ text: String) -> CaseFile.ReadError? {
    do {
        _ = try CaseFile.parse(text, file: "cases.yaml")
        return nil
    } catch {
        return error
    }
}

/// A cases file the reader must refuse, the line its error must name and a word it must say.
struct MalformedCaseFile: Sendable, CustomTestStringConvertible {
    let shape: String
    let text: String
    let line: Int
    let mentions: String

    var testDescription: String { shape }
}

@Suite struct CaseRunnerParsingTests {
    @Test func readsEveryKeyOfAGoodFile() throws {
        let text = """
            # comment line
            cases:
              - name: first
                url: shop://product/42?ref=mail
                expect: { status: navigated, stack: [home, catalog, product], params: { product: { id: 42, ref: mail } } }
              - name: second
                url: shop://checkout
                stack: [home, { screen: product, params: { id: 7 } }, cart]
                attributes: { signed_in: true, new_checkout: "true", app_version: "2.3.0", visits: 3 }
                headers: { X-App-Version: "2.4.0" }
                strategy: push
                via: [cart]
                expect:
                  error: invalid_navigation
                  route: checkout
                  url: shop://checkout
                  redirects: [shop://cart]
                  params: { search: { q: null, tags: "[a, b]" } }
                  interceptors:
                    - no_tracking: passed
                    - signed_in: parked
              - url: shop://
                expect: {}
            """
        let list = try cases(text)
        try #require(list.count == 3)

        let first = list[0]
        #expect(first.name == "first")
        #expect(first.line == 3)
        #expect(first.url == "shop://product/42?ref=mail")
        #expect(first.stack.isEmpty && first.attributes.isEmpty && first.headers.isEmpty && first.via.isEmpty)
        #expect(first.strategy == nil)
        #expect(first.expect.status == "navigated")
        #expect(first.expect.stack == ["home", "catalog", "product"])
        #expect(first.expect.params.map(\.screen) == ["product"])
        #expect(first.expect.params[0].values.map(\.0) == ["id", "ref"])
        #expect(first.expect.params[0].values.map(\.1.text) == ["42", "mail"])
        #expect(first.expect.redirects == nil && first.expect.interceptors == nil && first.expect.route == nil)

        let second = list[1]
        #expect(second.line == 6)
        #expect(second.stack.map(\.screen) == ["home", "product", "cart"])
        #expect(second.stack[1].params.map(\.0) == ["id"] && second.stack[1].params.map(\.1) == ["7"])
        #expect(second.attributes.map(\.0) == ["signed_in", "new_checkout", "app_version", "visits"])
        #expect(second.attributes.map(\.1.quoted) == [false, true, true, false])
        #expect(second.headers.map(\.0) == ["X-App-Version"] && second.headers.map(\.1) == ["2.4.0"])
        #expect(second.strategy == "push")
        #expect(second.via == ["cart"])
        #expect(second.expect.error == "invalid_navigation")
        #expect(second.expect.route == "checkout")
        #expect(second.expect.url == "shop://checkout")
        #expect(second.expect.redirects == ["shop://cart"])
        #expect(second.expect.params[0].values.map(\.1.text) == ["null", "[a, b]"])
        #expect(second.expect.interceptors?.map(\.0) == ["no_tracking", "signed_in"])
        #expect(second.expect.interceptors?.map(\.1) == ["passed", "parked"])

        #expect(list[2].name == "case 3")
        #expect(list[2].line == 22)
        #expect(list[2].expect.status == nil && list[2].expect.stack == nil)
    }

    static let malformed: [MalformedCaseFile] = [
        .init(
            shape: "YAML syntax error",
            text: "cases:\n  - name: x\n    url: [shop://\n",
            line: 4,
            mentions: "cases.yaml:"
        ),
        .init(shape: "no cases key", text: "links:\n  - url: shop://\n", line: 1, mentions: "`cases:` list"),
        .init(shape: "cases is not a list", text: "cases: { url: shop:// }\n", line: 1, mentions: "`cases:` list"),
        .init(shape: "a case is a scalar", text: "cases:\n  - shop://cart\n", line: 2, mentions: "a case is a mapping"),
        .init(
            shape: "unknown key",
            text: "cases:\n  - name: x\n    url: shop://\n    expected: { status: navigated }\n",
            line: 2,
            mentions: "unknown key 'expected'"
        ),
        .init(shape: "no url", text: "cases:\n  - name: x\n    expect: {}\n", line: 2, mentions: "it has no url"),
        .init(shape: "empty url", text: "cases:\n  - url: ''\n    expect: {}\n", line: 2, mentions: "it has no url"),
        .init(
            shape: "stack entry without a screen",
            text: "cases:\n  - url: shop://\n    stack: [home, { params: { id: 1 } }]\n    expect: {}\n",
            line: 2,
            mentions: "a stack entry is a screen name or {screen, params}"
        ),
        .init(
            shape: "stack entry that is a list",
            text: "cases:\n  - url: shop://\n    stack: [[home]]\n    expect: {}\n",
            line: 2,
            mentions: "a stack entry"
        ),
        .init(shape: "no expect", text: "cases:\n  - url: shop://\n", line: 2, mentions: "it has no expect mapping"),
        .init(
            shape: "expect is a scalar",
            text: "cases:\n  - url: shop://\n    expect: navigated\n",
            line: 2,
            mentions: "it has no expect mapping"
        ),
        .init(
            shape: "the third case is broken",
            text: """
                cases:
                  - { url: "shop://", expect: {} }
                  - { url: "shop://cart", expect: {} }

                  - name: broken
                    expect: { status: navigated }
                """,
            line: 5,
            mentions: "case 3: it has no url"
        ),
    ]

    @Test(arguments: malformed)
    func refusesAMalformedShapeNamingItsLine(_ file: MalformedCaseFile) throws {
        let error = try #require(readError(file.text))
        #expect(error.description.hasPrefix("cases.yaml:\(file.line):"), "\(error.description)")
        #expect(error.description.contains(file.mentions), "\(error.description)")
        #expect(error.description.contains("error"), "\(error.description)")
    }

    /// Shapes that would make a case check less than it says (a typo in `expect` would pass
    /// vacuously): each is refused, naming its line.
    static let vacuousShapes: [MalformedCaseFile] = [
        .init(
            shape: "unknown key inside expect",
            text: "cases:\n  - url: shop://\n    expect: { stacks: [home] }\n",
            line: 2,
            mentions: "stacks"
        ),
        .init(
            shape: "a param expectation that is not a scalar",
            text: "cases:\n  - url: shop://search\n    expect: { params: { search: { tags: [a] } } }\n",
            line: 2,
            mentions: "tags"
        ),
        .init(
            shape: "a stack that is not a list",
            text: "cases:\n  - url: shop://\n    stack: home\n    expect: {}\n",
            line: 2,
            mentions: "stack"
        ),
        .init(
            shape: "an interceptor expectation without an outcome",
            text: "cases:\n  - url: shop://\n    expect: { interceptors: [no_tracking] }\n",
            line: 2,
            mentions: "interceptors"
        ),
        .init(
            shape: "an attribute that is not a scalar",
            text: "cases:\n  - url: shop://cart\n    attributes: { signed_in: [true] }\n    expect: {}\n",
            line: 2,
            mentions: "signed_in"
        ),
    ]

    @Test(arguments: vacuousShapes)
    func refusesAShapeThatWouldCheckLessThanItSays(_ file: MalformedCaseFile) {
        let error = readError(file.text)
        #expect(error?.description.hasPrefix("cases.yaml:\(file.line):") == true)
        #expect(error?.description.contains(file.mentions) == true, "\(error?.description ?? "no error")")
    }

    @Test func anEmptyFileHasNoCases() {
        #expect(readError("")?.description == "cases.yaml: no cases")
    }

    @Test func quotedScalarsStayTextInTheRequest() throws {
        let list = try cases(
            """
            cases:
              - url: shop://cart
                attributes: { signed_in: true, label: "true", visits: 3, name: ann }
                stack: [home, { screen: product, params: { id: 42 } }]
                expect: {}
            """
        )
        let request = try shopRunner().request(for: list[0])
        #expect(request.path == "/v1/resolve")
        guard case .object(let body) = try JSONParser(maxDepth: 16).parse(request.body),
            case .object(let attributes)? = body["attributes"]
        else {
            Issue.record("the request body has no attributes object")
            return
        }
        #expect(attributes["signed_in"] == .bool(true))
        #expect(attributes["label"] == .string("true"))
        #expect(attributes["name"] == .string("ann"))
        #expect(CaseRunner.matches(attributes["visits"], LinkCase.ScalarText(text: "3", quoted: false)))
        #expect(CaseRunner.text(body["url"]) == "shop://cart")
    }
}

@Suite struct CaseRunnerDifferenceTests {
    /// The differences the runner reports for the one case in `text`.
    private func differences(_ text: String) throws -> [String]? {
        let list = try cases("cases:\n" + text)
        try #require(list.count == 1)
        return try shopRunner().run(list[0])
    }

    @Test func aMatchingCasePasses() throws {
        let result = try differences(
            """
              - url: shop://product/42?ref=mail&utm_source=x
                expect:
                  status: navigated
                  route: product
                  url: shop://product/42?ref=mail
                  stack: [home, catalog, product]
                  params: { product: { id: 42, ref: mail } }
                  redirects: []
                  interceptors: [no_tracking: rewrote]
            """
        )
        #expect(result == nil)
    }

    @Test func reportsAWrongStatus() throws {
        let result = try differences("  - { url: 'shop://product/42', expect: { status: parked } }")
        #expect(result == ["status: expected parked, got navigated"])
    }

    @Test func reportsAnExpectedErrorThatDidNotHappen() throws {
        let result = try differences("  - { url: 'shop://product/42', expect: { error: no_route } }")
        #expect(result == ["error: expected no_route, got status navigated"])
    }

    @Test func reportsAnErrorWhereANavigationWasExpected() throws {
        let result = try differences("  - { url: 'shop://nope', expect: { stack: [home] } }")
        #expect(result?.count == 1)
        #expect(result?.first?.hasPrefix("status: expected a navigation, got error no_route") == true)
    }

    @Test func reportsAWrongErrorCode() throws {
        let result = try differences("  - { url: 'shop://nope', expect: { error: malformed_url } }")
        #expect(result?.count == 1)
        #expect(result?.first?.hasPrefix("status: expected malformed_url, got error no_route") == true)
    }

    @Test func reportsAWrongStack() throws {
        let result = try differences("  - { url: 'shop://product/42', expect: { stack: [home, product] } }")
        #expect(result == ["stack: expected [home, product], got [home, catalog, product]"])
    }

    @Test func reportsWrongParams() throws {
        let result = try differences(
            "  - { url: 'shop://product/42', expect: { params: { product: { id: 41, ref: direct, color: red } } } }"
        )
        #expect(
            result == [
                "params.product.id: expected 41, got 42",
                "params.product.color: expected red, got nothing",
            ]
        )
    }

    @Test func reportsParamsOfAScreenNotOnTheStack() throws {
        let result = try differences("  - { url: 'shop://product/42', expect: { params: { cart: {} } } }")
        #expect(result == ["params: no 'cart' on the stack"])
    }

    @Test func reportsAWrongRoute() throws {
        let result = try differences("  - { url: 'shop://p/42', expect: { route: short } }")
        #expect(result == ["route: expected short, got product"])
    }

    @Test func reportsAWrongURL() throws {
        let result = try differences("  - { url: 'shop://p/42', expect: { url: 'shop://p/42' } }")
        #expect(result == ["url: expected shop://p/42, got shop://product/42"])
    }

    @Test func reportsWrongRedirects() throws {
        let result = try differences("  - { url: 'shop://p/42', expect: { redirects: [] } }")
        #expect(result == ["redirects: expected [], got [shop://product/42]"])
    }

    @Test func reportsWrongInterceptors() throws {
        let result = try differences(
            """
              - url: shop://cart
                expect: { interceptors: [no_tracking: rewrote, signed_in: passed] }
            """
        )
        #expect(
            result == [
                "interceptors: expected [no_tracking: rewrote, signed_in: passed], got [no_tracking: passed, signed_in: parked]"
            ]
        )
    }

    @Test func reportsEveryDifferenceOfOneCase() throws {
        let result = try differences(
            """
              - url: shop://cart
                attributes: { signed_in: true }
                stack: [home, catalog]
                expect:
                  status: parked
                  route: checkout
                  stack: [home, login]
                  params: { cart: { id: 1 } }
                  redirects: [shop://cart]
                  interceptors: [no_tracking: passed]
            """
        )
        #expect(
            result == [
                "status: expected parked, got navigated",
                "route: expected checkout, got cart",
                "stack: expected [home, login], got [home, catalog, cart]",
                "params.cart.id: expected 1, got nothing",
                "redirects: expected [shop://cart], got []",
                "interceptors: expected [no_tracking: passed], got [no_tracking: passed, signed_in: passed]",
            ]
        )
    }

    @Test func nullAndNumbersCompareByValue() throws {
        let result = try differences(
            """
              - url: shop://search?page=2.0
                expect: { params: { search: { q: null, page: 1, tags: "[]" } } }
            """
        )
        #expect(result == nil)
        let wrong = try differences("  - { url: 'shop://search', expect: { params: { search: { q: 'null' } } } }")
        #expect(wrong == [#"params.search.q: expected "null", got null"#])
    }
}

@Suite struct CaseRunnerLinksFileTests {
    private func linkCases() throws -> [LinkCase] {
        let path = repositoryRoot.appendingPathComponent("config/links.test.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try CaseFile.parse(text, file: "config/links.test.yaml")
    }

    @Test func everyCaseOfTheLinksFilePasses() throws {
        let list = try linkCases()
        #expect(list.count >= 45)
        let runner = try shopRunner()
        for linkCase in list {
            let differences = runner.run(linkCase)
            let report = "\(linkCase.line): \(linkCase.name): " + (differences ?? []).joined(separator: "; ")
            #expect(differences == nil, "\(report)")
        }
    }

    @Test func caseNamesAreUnique() throws {
        let names = Set(try linkCases().map(\.name))
        #expect(names.count == (try linkCases()).count, "case names are unique")
    }

    @Test func theCasesReachEveryRouteOfTheTable() throws {
        let config = try shopConfig.get()
        var reached: Set<String> = []
        for linkCase in try linkCases() {
            if let match = try? config.table.match(linkCase.url) { reached.insert(match.route.name) }
        }
        let all = Set(config.table.routes.map(\.name))
        #expect(all.subtracting(reached).isEmpty, "routes without a case: \(all.subtracting(reached).sorted())")
    }
}
