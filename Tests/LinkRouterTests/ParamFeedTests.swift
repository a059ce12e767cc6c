import LinkNavigation
import Testing

@testable import LinkRouter

/// What a route's typed values become in the screen params they feed: any single value fits a
/// `string` param (as its text), and a list never feeds a single value (a load error, not a 422 on
/// every link).
@Suite struct ParamFeedTests {
    static let yaml = """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          label: { parent: home, params: { id: string, on: "string?", ratio: "string=x" } }
          tags: { parent: home, params: { tag: "[string]" } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: by_int, pattern: "/i/{id:int}", screen: label, query: { on: "bool?", ratio: "float=0.5" } }
          - { name: by_uint, pattern: "/u/{id:uint}", screen: label }
          - { name: tagged, pattern: "/t/{tag:int}", screen: tags }
        """

    @Test func numbersAndBoolsFeedAStringParamAsTheirText() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let reply = client.navigate(client.createSession(), "t://i/42?on=true&ratio=2.5")
        reply.expectJSON(200)
        #expect(reply["route"]?["params"]?["id"] == .int(42), "\(reply)")
        #expect(reply["route"]?["params"]?["on"] == .bool(true), "\(reply)")
        let params = reply["stack"]?.arrayValue?.last?["params"]
        #expect(params?["id"] == .string("42"), "\(reply)")
        #expect(params?["on"] == .string("true"), "\(reply)")
        #expect(params?["ratio"] == .string("2.5"), "\(reply)")
    }

    @Test func absentOptionalAndDefaultedValuesStayAsDeclared() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let reply = client.navigate(client.createSession(), "t://u/7")
        reply.expectJSON(200)
        let params = reply["stack"]?.arrayValue?.last?["params"]
        #expect(params?["id"] == .string("7"), "\(reply)")
        #expect(params?["on"] == .null, "\(reply)")
        #expect(params?["ratio"] == .string("x"), "\(reply)")
    }

    @Test func aSingleValueFeedsAListOfStrings() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let reply = client.navigate(client.createSession(), "t://t/3")
        reply.expectJSON(200)
        #expect(reply["stack"]?.arrayValue?.last?["params"]?["tag"] == .array([.string("3")]), "\(reply)")
    }

    @Test(arguments: ["int", "string"])
    func aRepeatedQueryParamCannotFeedASingleValue(_ type: String) {
        let text = """
            app: { name: t, schemes: [t] }
            screens:
              home: {}
              p: { parent: home, params: { id: \(type) } }
            routes:
              - { name: home, pattern: "/", screen: home }
              - { name: p, pattern: "/p", screen: p, query: { id: "[\(type)]" } }
            """
        do {
            _ = try ConfigLoader.load(text: text, file: "test.yaml")
            Issue.record("a list fed into one value loaded")
        } catch {
            #expect(error.errors.map(\.code) == ["param_type_mismatch"], "\(error)")
            #expect(error.errors.first?.location.line == 7, "\(error)")
        }
    }

    @Test func aRepeatedQueryParamFeedsAListParam() throws {
        let text = """
            app: { name: t, schemes: [t] }
            screens:
              home: {}
              p: { parent: home, params: { id: "[int]" } }
            routes:
              - { name: home, pattern: "/", screen: home }
              - { name: p, pattern: "/p", screen: p, query: { id: "[int]" } }
            """
        let client = try APIFixture.client(yaml: text)
        let reply = client.navigate(client.createSession(), "t://p?id=1&id=2")
        reply.expectJSON(200)
        #expect(reply["stack"]?.arrayValue?.last?["params"]?["id"] == .array([.int(1), .int(2)]), "\(reply)")
    }

    static func game(_ param: String, pattern: String, query: String = "") -> String {
        """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          game: { parent: home, params: { mode: \(param) } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: pvp, pattern: "\(pattern)", screen: game\(query) }
        """
    }

    @Test func aQueryLiteralPassesNoValueSoARequiredParamIsMissingAtLoad() {
        do {
            _ = try ConfigLoader.load(text: Self.game("string", pattern: "/open?mode=pvp"), file: "test.yaml")
            Issue.record("a screen param only a query literal names loaded")
        } catch {
            #expect(error.errors.map(\.code) == ["missing_param"], "\(error)")
            #expect(error.errors.first?.hint?.contains("query literal") == true, "\(error)")
        }
    }

    @Test func aQueryLiteralLeavesADefaultedParamItsDefault() throws {
        let client = try APIFixture.client(yaml: Self.game(#""int=1""#, pattern: "/open?mode=2"))
        let reply = client.navigate(client.createSession(), "t://open?mode=2")
        reply.expectJSON(200)
        #expect(reply["stack"]?.arrayValue?.last?["params"]?["mode"] == .int(1), "\(reply)")
    }

    @Test func aRequiredEnumQueryParamMatchesTheSameLinksAndPassesTheValue() throws {
        let client = try APIFixture.client(
            yaml: Self.game("string", pattern: "/open", query: #", query: { mode: "enum(pvp)" }"#)
        )
        let reply = client.navigate(client.createSession(), "t://open?mode=pvp")
        reply.expectJSON(200)
        #expect(reply["stack"]?.arrayValue?.last?["params"]?["mode"] == .string("pvp"), "\(reply)")
        client.navigate(client.createSession(), "t://open?mode=pve").expectError(404, "no_route")
    }
}
