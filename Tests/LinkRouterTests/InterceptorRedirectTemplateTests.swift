import LinkNavigation
import Testing

@testable import LinkRouter

/// An interceptor's `else: { redirect: TEMPLATE }` is filled from the matched params as a route's
/// own redirect is, and the load checks the template against every route that runs it.
@Suite struct InterceptorRedirectTemplateTests {
    static func table(_ interceptor: String, global: String = "", routes: String = "") -> String {
        """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          item: { parent: home, params: { id: int } }
          page: { parent: home, params: { s: string } }
          search: { parent: home, params: { q: "string?" } }
        interceptors:
          \(interceptor)
        \(global)
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: item, pattern: "/item/{id:int}", screen: item }
          - { name: page, pattern: "/page/{s}", screen: page }
          - { name: search, pattern: "/search", screen: search, query: { q: "string?" } }
        \(routes)
        """
    }

    static func codes(_ text: String) -> [String] {
        do {
            _ = try ConfigLoader.load(text: text, file: "test.yaml")
            return []
        } catch {
            return error.errors.map(\.code)
        }
    }

    @Test func theTemplateIsFilledFromTheMatch() throws {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/item/{id}" } }"#,
            routes: #"  - { name: gated, pattern: "/g/{id:int}", screen: home, interceptors: [go] }"#
        )
        let client = try APIFixture.client(yaml: yaml)
        let id = client.createSession()
        let reply = client.navigate(id, "t://g/5")
        reply.expectJSON(200)
        #expect(reply["redirects"] == .array([.string("t://item/5")]), "\(reply)")
        #expect(reply["url"]?.stringValue == "t://item/5", "\(reply)")
        #expect(reply["route"]?["name"]?.stringValue == "item", "\(reply)")
        #expect(reply["route"]?["params"]?["id"] == .int(5), "\(reply)")
        #expect(reply.screens == ["home", "item"], "\(reply)")
    }

    @Test func valuesArePercentEncodedForTheirPlace() throws {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/search?q={s}" } }"#,
            routes: #"  - { name: gated, pattern: "/g/{s}", screen: page, interceptors: [go] }"#
        )
        let client = try APIFixture.client(yaml: yaml)
        let reply = client.navigate(client.createSession(), "t://g/a%20b&c")
        reply.expectJSON(200)
        #expect(reply["route"]?["name"]?.stringValue == "search", "\(reply)")
        #expect(reply["route"]?["params"]?["q"]?.stringValue == "a b&c", "\(reply)")
    }

    @Test func aLiteralTargetIsUsedAsItIs() throws {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/item/7" } }"#,
            routes: #"  - { name: gated, pattern: "/g", screen: home, interceptors: [go] }"#
        )
        let client = try APIFixture.client(yaml: yaml)
        let reply = client.navigate(client.createSession(), "t://g")
        #expect(reply["url"]?.stringValue == "t://item/7", "\(reply)")
    }

    @Test func aTemplateLoadsWhenEveryRouteThatRunsItCarriesItsParams() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/item/{id}" } }"#,
            routes: #"  - { name: gated, pattern: "/g/{id:int}", screen: home, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == [])
    }

    @Test func aRouteThatDoesNotCarryTheParamIsRefused() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/item/{id}" } }"#,
            routes: """
                  - { name: gated, pattern: "/g/{id:int}", screen: home, interceptors: [go] }
                  - { name: other, pattern: "/o", screen: home, interceptors: [go] }
                """
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }

    @Test func anOptionalParamIsRefused() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/page/{q}" } }"#,
            routes: #"  - { name: gated, pattern: "/g", screen: search, query: { q: "string?" }, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }

    @Test func aGlobalInterceptorsTemplateIsCheckedAgainstEveryRoute() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/item/{id}" } }"#,
            global: "global_interceptors: [go]"
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }

    @Test func aFilledTemplateNoRouteMatchesIsRefused() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/nowhere/{id}" } }"#,
            routes: #"  - { name: gated, pattern: "/g/{id:int}", screen: home, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == ["unmatched_redirect"])
    }

    @Test(arguments: ["/page/{id", "/page/id}", "/page/{id}}"])
    func bracesThatDoNotPairUpAreRefused(_ template: String) {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "\#(template)" } }"#,
            routes: #"  - { name: gated, pattern: "/g/{id:int}", screen: home, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }

    @Test func aDefaultedQueryParamFillsATemplate() throws {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/search?q={q}" } }"#,
            routes: #"  - { name: gated, pattern: "/g", screen: home, query: { q: "string=all" }, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == [])
        let client = try APIFixture.client(yaml: yaml)
        let reply = client.navigate(client.createSession(), "t://g")
        #expect(reply["route"]?["name"]?.stringValue == "search", "\(reply)")
        #expect(reply["route"]?["params"]?["q"]?.stringValue == "all", "\(reply)")
    }

    @Test func aListParamCannotFillATemplate() {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/search?q={tags}" } }"#,
            routes: #"  - { name: gated, pattern: "/g", screen: home, query: { tags: "[slug]" }, interceptors: [go] }"#
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }

    @Test(arguments: ["/item/}", "/item/{id}}", "/item/{id"])
    func aRouteRedirectWhoseBracesDoNotPairUpIsRefused(_ template: String) {
        let yaml = Self.table(
            #"go: { kind: require, when: { attribute: ok, equals: true }, else: { redirect: "/" } }"#,
            routes: #"  - { name: old, pattern: "/old/{id:int}", redirect: "\#(template)" }"#
        )
        #expect(Self.codes(yaml) == ["invalid_redirect"])
    }
}
