import LinkNavigation
import Testing

@testable import LinkRouter

/// A flow's layer opened on an empty session sits on the root screen of the screen the link leads
/// to, also when the link's route redirects there: closing it leaves the user somewhere, and
/// `dismiss` closes it as any modal layer. A screen an interceptor shows instead is placed as a
/// navigation to it would be.
@Suite struct ColdModalTests {
    static let yaml = """
        app: { name: t, schemes: [t] }
        screens:
          home: {}
          cart: { parent: home }
          login: { presentation: modal }
          upgrade: { presentation: modal }
          banner: {}
        flows:
          login: { screens: [login], sets: { signed_in: true } }
        interceptors:
          signin: { kind: require, when: { attribute: signed_in, equals: true }, else: { flow: login } }
          modern: { kind: min_version, version: "2.0.0", else: { screen: upgrade } }
          promo: { kind: require, when: { attribute: seen, equals: true }, else: { screen: banner } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: cart, pattern: "/cart", screen: cart }
          - { name: gated_cart, pattern: "/gated", screen: cart, interceptors: [signin] }
          - { name: via_redirect, pattern: "/sr", redirect: "/cart", interceptors: [signin] }
          - { name: modern_cart, pattern: "/mc", screen: cart, interceptors: [modern] }
          - { name: modern_redirect, pattern: "/mr", redirect: "/cart", interceptors: [modern] }
          - { name: promo_cart, pattern: "/pc", screen: cart, interceptors: [promo] }
        """

    static let oldClient = [(name: "X-App-Version", value: "1.0.0")]

    static func presentations(_ reply: APIReply) -> [String] {
        (reply["stack"]?.arrayValue ?? []).map { $0["presentation"]?.stringValue ?? "?" }
    }

    static func ops(_ reply: APIReply) -> [String] {
        (reply["transition"]?.arrayValue ?? []).map { $0["op"]?.stringValue ?? "?" }
    }

    @Test(arguments: ["t://gated", "t://sr"])
    func aColdFlowSitsOnTheDestinationsRoot(_ url: String) throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let id = client.createSession()
        let parked = client.navigate(id, url)
        parked.expectJSON(200)
        #expect(parked["status"]?.stringValue == "parked", "\(parked)")
        #expect(parked.screens == ["home", "login"], "\(parked)")
        #expect(Self.presentations(parked) == ["root", "modal"], "\(parked)")
        #expect(Self.ops(parked) == ["push", "present"], "\(parked)")
        // The flow's layer is a modal layer like any other.
        let dismissed = client.post("/v1/sessions/\(id)/dismiss")
        dismissed.expectJSON(200)
        #expect(dismissed.screens == ["home"], "\(dismissed)")
        #expect(client.view(id)["parked"] == .null)
    }

    @Test func aColdRedirectRouteResumesToItsTargetAfterTheFlow() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let id = client.createSession()
        #expect(client.navigate(id, "t://sr").screens == ["home", "login"])
        let resumed = client.post("/v1/sessions/\(id)/flows/login/complete")
        resumed.expectJSON(200)
        #expect(resumed.screens == ["home", "cart"], "\(resumed)")
    }

    /// A screen an interceptor shows instead is navigated to as the link's screen would be: on an
    /// empty session, a modal screen without a parent is the stack's root (the flow's base rule is
    /// for the layer a flow presents over the navigation it parks).
    @Test(arguments: ["t://mc", "t://mr"])
    func aModalScreenShownOnAnEmptySessionIsPlacedAsANavigationToIt(_ url: String) throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let id = client.createSession()
        let shown = client.navigate(id, url, headers: Self.oldClient)
        shown.expectJSON(200)
        #expect(shown["status"]?.stringValue == "redirected_screen", "\(shown)")
        #expect(shown.screens == ["upgrade"], "\(shown)")
        #expect(Self.presentations(shown) == ["root"], "\(shown)")
    }

    @Test func aModalScreenShownOnAStackIsPresentedOnIt() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let id = client.session(at: ["t://cart"])
        let shown = client.navigate(id, "t://mc", headers: Self.oldClient)
        #expect(shown["status"]?.stringValue == "redirected_screen", "\(shown)")
        #expect(shown.screens == ["home", "cart", "upgrade"], "\(shown)")
        #expect(Self.ops(shown) == ["present"], "\(shown)")
    }

    @Test func aPushedScreenShownOnAnEmptySessionIsPlacedAsANavigationWouldBe() throws {
        let client = try APIFixture.client(yaml: Self.yaml)
        let id = client.createSession()
        let shown = client.navigate(id, "t://pc")
        #expect(shown["status"]?.stringValue == "redirected_screen", "\(shown)")
        #expect(shown.screens == ["banner"], "\(shown)")
        #expect(Self.presentations(shown) == ["root"], "\(shown)")
    }
}
