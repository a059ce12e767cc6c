import LinkRouting
import Testing

@testable import LinkNavigation

/// A caller that keeps its session (`navigate(_:session:)`) shares the stack's buffer with the
/// navigation: the new stack is made apart, in one allocation of its size, not a copy of the whole
/// old stack changed in place.
@Suite struct ByValueNavigationTests {
    /// Six entries, then the product's reviews keep the first three (the product is their origin)
    /// and go on top of them.
    static let items = ["home", "catalog", "product:1", "share", "account", "profile_edit"]

    @Test func theKeptSessionIsUntouchedAndTheNewStackIsMadeApart() throws {
        let navigator = try shopNavigator()
        let session = Session(
            id: "s",
            stack: try stack(from: Self.items),
            attributes: ["signed_in": .bool(true)],
            nextEntryNumber: Self.items.count + 1
        )
        let kept = session.stack
        let outcome = try navigator.navigate(.init(url: "shop://product/1/reviews"), session: session)
        #expect(outcome.session.stack.map(\.screen) == ["home", "catalog", "product", "reviews"])
        #expect(session.stack == kept)
        // The old stack copied whole (its buffer shared) would hold room for all six entries.
        #expect(outcome.session.stack.capacity < Self.items.count)
        #expect(!outcome.session.stack.sharesBuffer(with: kept))
    }

    @Test func byValueAndInPlaceGiveTheSameOutcome() throws {
        let navigator = try shopNavigator()
        for url in ["shop://cart", "shop://product/7", "shop://product/1/reviews/2", "shop://search"] {
            let session = Session(
                id: "s",
                stack: try stack(from: Self.items),
                attributes: ["signed_in": .bool(true)],
                nextEntryNumber: Self.items.count + 1
            )
            let byValue = try navigator.navigate(.init(url: url), session: session)
            var lent = session
            let inPlace = try navigator.navigate(.init(url: url), in: &lent)
            #expect(byValue.session.stack == inPlace.session.stack, "\(url)")
            #expect(byValue.resolution == inPlace.resolution, "\(url)")
            #expect(byValue.status == inPlace.status, "\(url)")
            #expect(lent.stack == inPlace.session.stack, "\(url)")
        }
    }
}
