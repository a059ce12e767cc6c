import LinkRouting
import Testing

@testable import LinkNavigation

/// The navigation core's shortcuts around copies: the session a navigation hands back, the lent
/// session taking it over, entries told equal by their bits, a match's params read in one pass.
@Suite struct NavigationCopiesTests {
    static let parked = ParkedNavigation(
        url: "shop://cart",
        strategy: nil,
        via: [],
        flow: "login",
        stackBefore: [],
        layerEntryID: "e2"
    )

    static func entry(_ id: String, _ screen: String, _ presentation: Presentation = .push) -> StackEntry {
        StackEntry(id: id, screen: screen, params: ["id": .int(7)], presentation: presentation)
    }

    /// `resolved(by:)` is a copy with the resolution applied and the parking dropped once its layer
    /// has gone: the same session `apply` and `dropParkingWithoutLayer` make.
    @Test(arguments: [true, false])
    func resolvedIsApplyThenDropParking(layerStays: Bool) {
        let stack = [Self.entry("e1", "home", .root), Self.entry("e2", "login", .modal)]
        let session = Session(
            id: "s1",
            stack: stack,
            attributes: SessionAttributes([("plan", .string("pro"))]),
            version: 4,
            parked: Self.parked,
            nextEntryNumber: 3
        )
        let new = layerStays ? stack + [Self.entry("e3", "code")] : [stack[0], Self.entry("e3", "cart")]
        let resolution = Resolution(old: stack, new: new, nextEntryNumber: 4)
        var expected = session
        expected.apply(resolution)
        expected.dropParkingWithoutLayer()
        let resolved = session.resolved(by: resolution)
        #expect(resolved == expected)
        #expect(resolved.parked == (layerStays ? Self.parked : nil))
        #expect(resolved.nextEntryNumber == 4 && resolved.version == 4 && resolved.id == "s1")
        #expect(resolved.stack.sharesBuffer(with: resolution.stack))
    }

    /// `become` leaves the session equal to the one given, whether it shares the id and attributes
    /// (the fields assigned one by one) or not (the whole session taken).
    @Test func becomeIsAssignment() {
        let stack = [Self.entry("e1", "home", .root)]
        let base = Session(id: "s1", stack: stack, attributes: SessionAttributes([("a", .bool(true))]))
        var navigated = base.resolved(
            by: Resolution(old: stack, new: stack + [Self.entry("e2", "cart")], nextEntryNumber: 3)
        )
        navigated.version = 9
        navigated.parked = Self.parked
        let others = [
            navigated,
            base,
            Session(id: "s2", stack: [], attributes: SessionAttributes([("b", .number(1))]), version: 2),
            Session(id: "s1", stack: stack, attributes: SessionAttributes([("a", .bool(false))])),
        ]
        for other in others {
            var session = base
            session.become(other)
            #expect(session == other)
            #expect(session.id == other.id && session.attributes == other.attributes)
            #expect(session.version == other.version && session.parked == other.parked)
        }
    }

    /// Equal bits mean copies of one entry; entries that differ in any field never share bits.
    @Test func sameBitsMeansCopies() {
        let entries = [
            Self.entry("e1", "home"),
            Self.entry("e1", "home", .modal),
            Self.entry("e2", "home"),
            Self.entry("e1", "cart"),
            Self.entry("e1", "home"),  // equal to the first, its own params storage
        ]
        for (i, a) in entries.enumerated() {
            for (j, b) in entries.enumerated() {
                var left = a
                var right = b
                let same = withUnsafePointer(to: &left) { l in
                    withUnsafePointer(to: &right) { r in StackEntry.sameBits(l, r) }
                }
                #expect(same == (i == j), "entries \(i) and \(j)")
                if same { #expect(a == b) }
            }
        }
        var entry = entries[0]
        var copy = entry
        #expect(withUnsafePointer(to: &entry) { e in withUnsafePointer(to: &copy) { StackEntry.sameBits(e, $0) } })
    }

    /// A kept entry whose params changed is still an `update`, though its bits differ.
    @Test func keptEntryWithNewParamsIsUpdated() {
        let old = [Self.entry("e1", "home", .root), Self.entry("e2", "cart")]
        let changed = StackEntry(id: "e1", screen: "home", params: ["id": .int(8)], presentation: .root)
        let same = StackEntry(id: "e1", screen: "home", params: ["id": .int(7)], presentation: .root)
        #expect(TransitionOp.between(old, [changed, old[1]]) == [.update(changed)])
        #expect(TransitionOp.between(old, [same, old[1]]).isEmpty)
        #expect(TransitionOp.between(old, [same]) == [.pop(1)])
    }

    /// Path captures in pattern order, then declared query params: the match's own order, each
    /// name once.
    @Test func matchParamsKeepTheMatchOrder() throws {
        let table = try RouteTable(
            [
                RouteDefinition(
                    name: "review",
                    pattern: "/p/{id:int}/r/{slug}",
                    query: [try QueryParam("page", "int=1"), try QueryParam("sort", "string?")]
                )
            ],
            schemes: ["shop"]
        )
        let match = try #require(try table.match("shop://p/12/r/long-review-title-here?page=3"))
        let params = EntryParams(match: match)
        #expect(params.map(\.key) == ["id", "slug", "page", "sort"])
        #expect(params.map(\.value) == match.params.map(\.value))
        #expect(params["slug"] == .string("long-review-title-here"))
        #expect(params["page"] == .int(3))
    }

    /// One to four params (the first three made as an array of their count, more grown), in the
    /// match's order with its values, and path params alone or with query params.
    @Test(arguments: [
        ("shop://p/12", ["id"]),
        ("shop://p/12/r/first", ["id", "slug"]),
        ("shop://p/12/r/first/v/true", ["id", "slug", "flag"]),
        ("shop://q/5?page=2&sort=new", ["id", "page", "sort"]),
    ])
    func aFewMatchParamsAreAnArrayOfTheirCount(_ link: String, _ names: [String]) throws {
        let table = try RouteTable(
            [
                RouteDefinition(name: "one", pattern: "/p/{id:int}"),
                RouteDefinition(name: "two", pattern: "/p/{id:int}/r/{slug}"),
                RouteDefinition(name: "three", pattern: "/p/{id:int}/r/{slug}/v/{flag:bool}"),
                RouteDefinition(
                    name: "query",
                    pattern: "/q/{id:int}",
                    query: [try QueryParam("page", "int=1"), try QueryParam("sort", "string?")]
                ),
            ],
            schemes: ["shop"]
        )
        let match = try #require(try table.match(link))
        let params = EntryParams(match: match)
        #expect(params.map(\.key) == names)
        #expect(params.map(\.value) == match.params.map(\.value))
        #expect(params.storage.capacity >= names.count)
        if names.count <= 3 { #expect(params.storage.capacity == names.count) }
    }

    /// A session keeps a parked navigation's own box (no second one around it), and hands the same
    /// navigation back: equal, and copied by that one reference.
    @Test func aSessionKeepsTheParkedNavigationsOwnBox() {
        var session = Session(id: "s1", parked: Self.parked)
        #expect(session.parkedBox === Self.parked.box)
        #expect(session.parked?.box === Self.parked.box)
        #expect(session.parked == Self.parked)
        let other = ParkedNavigation(url: "shop://cart", strategy: nil, via: [], flow: "login", stackBefore: [])
        session.parked = other
        #expect(session.parkedBox === other.box)
        #expect(session.parked != Self.parked)
        session.parked = nil
        #expect(session.parkedBox == nil)
        #expect(MemoryLayout<ParkedNavigation?>.size == MemoryLayout<UInt>.size)
    }
}
