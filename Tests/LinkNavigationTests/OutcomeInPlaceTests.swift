import LinkRouting
import Testing

@testable import LinkNavigation

/// An outcome holds the new stack and the transition once: the session it leaves and the mediation
/// are read from its resolution, and the outcome written in place is the one returned.
@Suite struct OutcomeInPlaceTests {
    /// Navigations that go through (`cart` parks behind the login flow).
    static let urls = ["shop://product/42?ref=mail", "shop://cart", "shop://product/7"]
    /// Refused ones: no route, and refused late, after the match (a redirect loop, an interceptor
    /// rejecting, too many redirects).
    static let refused = ["shop://nope", "shop://loop/a", "shop://admin", "shop://hop/1"]

    func start() throws -> Session {
        Session(
            id: "s",
            stack: try stack(from: ["home", "catalog"]),
            attributes: SessionAttributes([("plan", .string("pro"))]),
            version: 3,
            nextEntryNumber: 3
        )
    }

    /// Written in place, the outcome and the session left are those `navigate(_:in:)` returns; a
    /// refused navigation leaves the session as it was.
    @Test(arguments: urls + refused)
    func writtenInPlaceIsReturned(url: String) throws {
        let navigator = try shopNavigator()
        var returnedSession = try start()
        var placedSession = try start()
        let returned = Result { () throws(NavigationFailure) in
            try navigator.navigate(.init(url: url), in: &returnedSession)
        }
        let placed = Result { () throws(NavigationFailure) -> NavigationOutcome in
            try withUnsafeTemporaryAllocation(of: NavigationOutcome.self, capacity: 1) {
                (space) throws(NavigationFailure) -> NavigationOutcome in
                guard let outcome = space.baseAddress else { preconditionFailure("no room for the outcome") }
                try navigator.navigate(.init(url: url), in: &placedSession, into: outcome)
                return outcome.move()
            }
        }
        #expect(returnedSession == placedSession)
        // Each URL goes through or is refused as listed: the refused ones check the rollback.
        if case .failure = placed { #expect(Self.refused.contains(url)) } else { #expect(Self.urls.contains(url)) }
        switch (returned, placed) {
        case (.success(let returned), .success(let placed)):
            #expect(returned.status == placed.status && returned.url == placed.url)
            #expect(returned.resolution == placed.resolution && returned.session == placed.session)
            #expect(placed.session == placedSession)
        case (.failure(let returned), .failure(let placed)):
            #expect(returned == placed)
            #expect(placedSession == (try start()))
        default:
            Issue.record("one navigation failed, the other did not: \(returned), \(placed)")
        }
    }

    /// The outcome's session is the navigated one: its stack the resolution's own buffer, its entry
    /// counter the resolution's, its id, attributes, version and parked navigation the outcome's.
    @Test(arguments: urls)
    func sessionIsReadFromTheResolution(url: String) throws {
        var session = try start()
        let outcome = try shopNavigator().navigate(.init(url: url), in: &session)
        #expect(outcome.session == session)
        #expect(outcome.session.stack.sharesBuffer(with: outcome.resolution.stack))
        #expect(outcome.session.nextEntryNumber == outcome.resolution.nextEntryNumber)
        #expect(outcome.sessionID == "s" && outcome.version == 3 && outcome.attributes == session.attributes)
        #expect(outcome.parked == session.parked)
        #expect((outcome.parked != nil) == (outcome.status == .parked))
    }

    /// An outcome with no redirect and no interceptor record keeps no box for them; one with
    /// either keeps both lists, in order.
    @Test func redirectsAndRecordsAreKeptOnlyWhenThereAreAny() throws {
        let session = try start()
        let resolution = Resolution(old: session.stack, new: session.stack, nextEntryNumber: 3)
        func outcome(_ redirects: [String], _ records: [InterceptorRecord]) -> NavigationOutcome {
            NavigationOutcome(
                status: .navigated,
                match: nil,
                routeParams: EntryParams(),
                redirects: redirects,
                interceptors: records,
                resolution: resolution,
                session: session
            )
        }
        let record = InterceptorRecord(name: "signed_in", kind: "require", outcome: "passed")
        let plain = outcome([], [])
        #expect(plain.detour == nil && plain.redirects.isEmpty && plain.interceptors.isEmpty)
        let redirected = outcome(["shop://cart", "shop://product/1"], [])
        #expect(redirected.detour != nil && redirected.interceptors.isEmpty)
        #expect(redirected.redirects == ["shop://cart", "shop://product/1"])
        let intercepted = outcome([], [record])
        #expect(intercepted.redirects.isEmpty && intercepted.interceptors == [record])
    }

    /// A resolution changed in place tells its transition by steps, the same ops as those between
    /// its stacks; one made apart keeps its ops.
    @Test func anInPlaceResolutionTellsItsTransitionBySteps() throws {
        var session = try start()
        let outcome = try shopNavigator().navigate(.init(url: "shop://product/7"), in: &session)
        #expect(outcome.resolution.steps != nil && !outcome.resolution.isUnchanged)
        #expect(outcome.resolution.transition == TransitionOp.between(try start().stack, outcome.resolution.stack))
        let apart = Resolution(old: try start().stack, new: outcome.resolution.stack, nextEntryNumber: 4)
        #expect(apart.steps == nil && !apart.isUnchanged)
        #expect(apart.transition == outcome.resolution.transition)
    }

    /// The mediation read from a resolution is the one made from its old and new stacks: the old
    /// top as its source, the new top as its destination, the payload from the transition.
    @Test(arguments: urls)
    func mediationIsTheStacksOwn(url: String) throws {
        let old = try start()
        var session = old
        let resolution = try shopNavigator().navigate(.init(url: url), in: &session).resolution
        let made = Mediation(old: old.stack, new: resolution.stack, transition: resolution.transition)
        #expect(resolution.mediation == made)
        #expect(resolution.source == old.stack.last)
        #expect(resolution.mediation.destination == resolution.stack.last)
        #expect(resolution.mediation.presentation == resolution.stack.last?.presentation)
    }
}
