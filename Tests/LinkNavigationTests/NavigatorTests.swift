import LinkNavigation
import LinkRouting
import Testing

@Suite struct NavigatorTests {
    func session(_ items: [String] = [], _ attributes: SessionAttributes = [:]) throws -> Session {
        Session(id: "s", stack: try stack(from: items), attributes: attributes, nextEntryNumber: items.count + 1)
    }

    @Test func aColdProductLinkNavigatesWithTypedParams() throws {
        let outcome = try shopNavigator().navigate(.init(url: "shop://product/42?ref=mail"), session: session())
        #expect(outcome.status == .navigated)
        #expect(outcome.session.stack.names == ["home", "catalog", "product:42"])
        #expect(outcome.session.stack.last?.params == ["id": .int(42), "ref": .string("mail")])
        #expect(
            outcome.interceptors == [InterceptorRecord(name: "no_tracking", kind: "strip_query", outcome: "passed")]
        )
    }

    /// SPEC §2.1: a path param shadows a query param of the same name; the screen gets the path's.
    @Test func aPathParamShadowsTheQueryParamOfTheSameName() throws {
        let route = RouteDefinition(name: "item", pattern: "/item/{id:int}")
        let navigator = Navigator(
            try NavigationConfig(
                table: try RouteTable([route], schemes: ["shop"]),
                bindings: [RouteBinding(target: .screen("item", strategy: nil))],
                resolver: NavigationResolver(
                    graph: try ScreenGraph([Screen(name: "item", params: [try ScreenParam("id", "int")])])
                )
            )
        )
        let outcome = try navigator.navigate(.init(url: "shop://item/5?id=9"), session: session())
        #expect(outcome.session.stack.last?.params == ["id": .int(5)])
        #expect(outcome.match?.warnings.isEmpty == false)
    }

    @Test func trackingParamsAreStrippedBeforeMatchingAndListedAsARewrite() throws {
        let outcome = try shopNavigator().navigate(
            .init(url: "shop://product/42?utm_source=mail&ref=x&fbclid=1#top"),
            session: session()
        )
        #expect(outcome.url == "shop://product/42?ref=x#top")
        #expect(outcome.interceptors.map(\.outcome) == ["rewrote"])
        #expect(outcome.match?["ref"] == .string("x"))
    }

    @Test func theCartNeedsSignInAndParksBehindTheLoginFlow() throws {
        let navigator = try shopNavigator()
        let parked = try navigator.navigate(.init(url: "shop://cart"), session: session())
        #expect(parked.status == .parked)
        #expect(parked.session.stack.names == ["home", "login"])
        #expect(parked.session.stack.map(\.presentation) == [.root, .modal])
        #expect(parked.session.parked?.url == "shop://cart")
        #expect(parked.interceptors.map(\.outcome) == ["passed", "parked"])

        let completed = try navigator.completeFlow("login", session: parked.session)
        #expect(completed.session.stack.names == ["home", "cart"])
        #expect(completed.session.attributes["signed_in"] == .bool(true))
        #expect(completed.session.parked == nil)
        #expect(completed.resolution.transition.map(\.summary) == ["dismiss", "push cart"])
        #expect(completed.resolution.transition.applied(to: parked.session.stack) == completed.session.stack)

        let cancelled = try navigator.cancelFlow("login", session: parked.session)
        #expect(cancelled.session.stack.names == ["home"])
        #expect(cancelled.session.parked == nil)
    }

    @Test func parkingAgainBehindTheOpenFlowAddsNoSecondLayer() throws {
        let navigator = try shopNavigator()
        let first = try navigator.navigate(.init(url: "shop://cart"), session: try session(["home", "catalog"]))
        let second = try navigator.navigate(.init(url: "shop://checkout"), session: first.session)
        #expect(second.session.stack.names == ["home", "catalog", "login"])
        #expect(second.session.parked?.url == "shop://checkout")
        #expect(second.resolution.isUnchanged)
        #expect(throws: NavigationFailure.self) { try navigator.completeFlow("other", session: second.session) }
    }

    @Test func checkoutFromTheCartWhenSignedInWithTheFeatureOn() throws {
        let outcome = try shopNavigator(flags: ["new_checkout": true]).navigate(
            .init(url: "shop://checkout", headers: ["x-app-version": "2.4.0"]),
            session: session(["home", "cart"], ["signed_in": .bool(true)])
        )
        #expect(outcome.session.stack.names == ["home", "cart", "checkout"])
        #expect(outcome.interceptors.map(\.outcome) == ["passed", "passed", "passed", "passed"])
    }

    @Test func aDisabledFeatureRedirectsAndASessionAttributeOverridesTheFlag() throws {
        let navigator = try shopNavigator()
        let signedIn = try session(["home", "catalog"], ["signed_in": .bool(true)])
        let redirected = try navigator.navigate(.init(url: "shop://checkout"), session: signedIn)
        #expect(redirected.redirects == ["shop://cart"])
        #expect(redirected.session.stack.names == ["home", "catalog", "cart"])

        var enabled = signedIn
        enabled.attributes["new_checkout"] = .bool(true)
        let direct = try navigator.navigate(
            .init(url: "shop://checkout", headers: ["X-App-Version": "3.0"]),
            session: enabled
        )
        #expect(direct.session.stack.names == ["home", "catalog", "cart", "checkout"])
    }

    @Test func anOldClientIsShownAnotherScreen() throws {
        let outcome = try shopNavigator(flags: ["new_checkout": true]).navigate(
            .init(url: "shop://checkout", headers: ["X-App-Version": "2.2.9"]),
            session: session(["home", "cart"], ["signed_in": .bool(true)])
        )
        #expect(outcome.status == .redirectedScreen)
        #expect(outcome.session.stack.names == ["home", "cart", "update_required"])
        #expect(
            outcome.interceptors.last
                == InterceptorRecord(name: "modern_client", kind: "min_version", outcome: "showed_screen")
        )
    }

    @Test func routeRedirectsAreTemplatedAndFollowed() throws {
        let outcome = try shopNavigator().navigate(.init(url: "https://shop.example.com/p/5"), session: session())
        #expect(outcome.redirects == ["https://shop.example.com/product/5"])
        #expect(outcome.session.stack.names == ["home", "catalog", "product:5"])
    }

    @Test func redirectLoopsAndLongChainsFailWithTheChain() throws {
        #expect {
            try shopNavigator().navigate(.init(url: "shop://loop/a"), session: session())
        } throws: { error in
            guard case .redirectLoop(let chain) = error as? NavigationFailure else { return false }
            return chain == ["shop://loop/a", "shop://loop/b", "shop://loop/a"]
        }
        #expect {
            try shopNavigator(redirectLimit: 2).navigate(.init(url: "shop://hop/1"), session: session())
        } throws: { error in
            guard case .tooManyRedirects(let chain) = error as? NavigationFailure else { return false }
            return chain.count == 4
        }
    }

    @Test func rejectionsAndMissingRoutesChangeNothing() throws {
        let navigator = try shopNavigator()
        #expect {
            try navigator.navigate(.init(url: "shop://admin"), session: session(["home"], ["role": .string("user")]))
        } throws: { error in
            guard case .rejected(let status, let code, let name) = error as? NavigationFailure else { return false }
            return status == 403 && code == "forbidden" && name == "staff_only"
        }
        let admin = try navigator.navigate(
            .init(url: "shop://admin"),
            session: session(["home"], ["role": .string("staff")])
        )
        #expect(admin.session.stack.names == ["home", "settings"])
        #expect(throws: NavigationFailure.self) {
            try navigator.navigate(.init(url: "shop://nope"), session: session())
        }
        #expect(throws: NavigationFailure.self) { try navigator.navigate(.init(url: "shop://%zz"), session: session()) }
    }

    @Test func theRequestStrategyBeatsTheRoutesAndAnUnchangedStackSaysSo() throws {
        let navigator = try shopNavigator()
        // The route says push, which checkout's origins refuse on home; the request says extend.
        #expect(throws: NavigationFailure.navigation(.invalidNavigation("checkout cannot be pushed on home (origins)")))
        {
            try navigator.navigate(.init(url: "shop://go/checkout"), session: session(["home"]))
        }
        let extended = try navigator.navigate(
            .init(url: "shop://go/checkout", strategy: .extend),
            session: session(["home"])
        )
        #expect(extended.session.stack.names == ["home", "cart", "checkout"])
        // Push never duplicates an identity: search (no required params) is popped back to.
        let again = try navigator.navigate(.init(url: "shop://search"), session: session(["home", "search"]))
        #expect(again.status == .unchanged)
        #expect(again.session.version == 1)
    }

    @Test func aTrailReplacesTheStackWithoutRunningInterceptors() throws {
        let outcome = try shopNavigator().trail(["shop://cart", "shop://p/3"], session: session(["home"]))
        #expect(outcome.session.stack.names == ["cart", "product:3"])
        #expect(outcome.resolution.transition.map(\.summary) == ["replace cart,product"])
    }
}

@Suite struct StoredNavigationTests {
    /// The way the API layer drives a navigation: inside one atomic update of the stored session.
    @Test func aNavigationRunsInsideAStoreUpdateAndAFailureChangesNothing() throws {
        let store = SessionStore()
        let navigator = try shopNavigator()
        let created = try store.create()
        let (outcome, stored) = try store.update(created.id, expectedVersion: 1) { session throws(NavigationFailure) in
            let outcome = try navigator.navigate(.init(url: "shop://product/7"), session: session)
            session = outcome.session
            return outcome
        }
        #expect(outcome.status == .navigated)
        #expect(stored.version == 2)
        #expect(stored.stack.names == ["home", "catalog", "product:7"])

        #expect(throws: SessionStoreError.navigation(.noRoute("shop://nope"))) {
            try store.update(created.id) { session throws(NavigationFailure) in
                session = try navigator.navigate(.init(url: "shop://nope"), session: session).session
            }
        }
        #expect(throws: SessionStoreError.versionConflict(expected: 1, actual: 2)) {
            try store.update(created.id, expectedVersion: 1) { _ throws(NavigationFailure) in }
        }
        #expect(store.session(created.id)?.stack.names == ["home", "catalog", "product:7"])
    }
}

/// A parked navigation is always behind a flow on screen (review findings).
@Suite struct FlowLifecycleTests {
    @Test func leavingTheFlowLayerDropsTheParkedNavigation() throws {
        let navigator = try shopNavigator()
        let parked = try navigator.navigate(.init(url: "shop://cart"), session: Session(id: "s"))
        let away = try navigator.navigate(.init(url: "shop://product/42"), session: parked.session)
        #expect(away.session.stack.names == ["home", "product:42"])
        #expect(away.session.parked == nil)
        #expect(throws: NavigationFailure.notParked("login")) {
            try navigator.completeFlow("login", session: away.session)
        }

        let again = try navigator.navigate(.init(url: "shop://cart"), session: away.session)
        #expect(again.status == .parked)
        #expect(again.session.stack.names == ["home", "product:42", "login"])

        let dismissed = try navigator.perform(.dismiss, session: again.session)
        #expect(dismissed.session.parked == nil)
    }

    @Test func aFlowScreenReachedAsABreadcrumbIsNotShownTwiceWhenParked() throws {
        let navigator = try shopNavigator()
        let viaLogin = try navigator.navigate(
            .init(url: "shop://product/5", via: ["login"]),
            session: Session(id: "s", stack: try stack(from: ["home"]), nextEntryNumber: 2)
        )
        #expect(viaLogin.session.stack.names == ["home", "login", "product:5"])
        let parked = try navigator.navigate(.init(url: "shop://cart"), session: viaLogin.session)
        #expect(parked.status == .parked)
        #expect(parked.session.stack.names == ["home", "login"])
        #expect(parked.resolution.transition.applied(to: viaLogin.session.stack) == parked.session.stack)

        let cancelled = try navigator.cancelFlow("login", session: parked.session)
        #expect(cancelled.session.stack == viaLogin.session.stack)
        let completed = try navigator.completeFlow("login", session: parked.session)
        #expect(completed.session.stack.names == ["home", "cart"])
        #expect(completed.resolution.transition.applied(to: parked.session.stack) == completed.session.stack)
    }

    @Test func parkingBehindAnotherFlowClosesTheFirstFlowsLayer() throws {
        let navigator = try shopNavigator()
        let login = try navigator.navigate(
            .init(url: "shop://cart"),
            session: Session(id: "s", stack: try stack(from: ["home", "catalog"]), nextEntryNumber: 3)
        )
        #expect(login.session.stack.names == ["home", "catalog", "login"])
        let terms = try navigator.navigate(.init(url: "shop://legal"), session: login.session)
        #expect(terms.status == .parked)
        #expect(terms.session.stack.names == ["home", "catalog", "terms"])
        #expect(terms.session.parked?.flow == "terms")
        #expect(terms.resolution.transition.map(\.summary) == ["dismiss", "present terms"])

        let cancelled = try navigator.cancelFlow("terms", session: terms.session)
        #expect(cancelled.session.stack.names == ["home", "catalog"])
        let completed = try navigator.completeFlow("terms", session: terms.session)
        #expect(completed.session.stack.names == ["home", "catalog", "settings"])
        #expect(completed.session.attributes["terms"] == .bool(true))
    }
}
