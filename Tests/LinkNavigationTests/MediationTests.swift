import LinkRouting
import Testing

@testable import LinkNavigation

/// The mediation's payload, read from the transition it shares with its resolution.
@Suite struct MediationTests {
    static func entry(_ id: String, _ screen: String, _ page: Int64) -> StackEntry {
        StackEntry(id: id, screen: screen, params: ["page": .int(page)], presentation: .push)
    }

    static func mediation(_ transition: [TransitionOp], new: [StackEntry]) -> Mediation {
        Mediation(old: [], new: new, transition: transition)
    }

    @Test func payloadListsEveryHandedEntryInOrder() {
        let a = Self.entry("e1", "list", 1)
        let b = Self.entry("e2", "item", 1)
        let c = Self.entry("e3", "item", 2)
        let d = Self.entry("e4", "list", 2)
        let mediation = Self.mediation(
            [.pop(1), .push(a), .dismiss, .replace([b, c]), .update(d)],
            new: [a, b, c, d]
        )
        #expect(mediation.payload.map(\.screen) == ["list", "item", "item", "list"])
        #expect(mediation.payload.map(\.params) == [a.params, b.params, c.params, d.params])
        var items: [String] = []
        mediation.forEachPayloadItem { items.append($0.id) }
        #expect(items == ["e1", "e2", "e3", "e4"])
    }

    /// One member per screen, the last one handed params, in the order of those last ones: the
    /// answer's `payload` object.
    @Test func membersKeepTheLastEntryOfEachScreen() {
        let a = Self.entry("e1", "list", 1)
        let b = Self.entry("e2", "item", 1)
        let c = Self.entry("e3", "item", 2)
        let d = Self.entry("e4", "list", 2)
        let e = Self.entry("e5", "detail", 1)
        var members: [String] = []
        Self.mediation([.push(a), .replace([b, c]), .present(d), .push(e)], new: [a, b, c, d, e])
            .forEachPayloadMember { members.append($0.id) }
        #expect(members == ["e3", "e4", "e5"])
        members = []
        Self.mediation([.replace([b, a, c])], new: [b, a, c]).forEachPayloadMember { members.append($0.id) }
        #expect(members == ["e1", "e3"])
        members = []
        Self.mediation([.pop(2), .dismiss], new: []).forEachPayloadMember { members.append($0.id) }
        #expect(members.isEmpty)
    }

    /// The members as the answer's `payload` object has them, worked out from every payload item:
    /// the last entry handed params of each screen, in the order of those last ones.
    static func expectedMembers(_ mediation: Mediation) -> [StackEntry] {
        var items: [StackEntry] = []
        mediation.forEachPayloadItem { items.append($0) }
        return items.indices.filter { i in !items[(i + 1)...].contains { $0.screen == items[i].screen } }
            .map { items[$0] }
    }

    /// Entries popped or dismissed and one pushed or presented: the member is the destination,
    /// handed from the mediation itself; any other transition reads its ops.
    @Test func theDestinationAloneIsTheMemberOfAPushAfterPops() throws {
        let a = Self.entry("e1", "list", 1)
        let b = Self.entry("e2", "item", 1)
        let modal = StackEntry(id: "e3", screen: "sheet", params: [:], presentation: .modal)
        let cases: [([TransitionOp], [StackEntry])] = [
            ([.push(b)], [a, b]),
            ([.pop(1), .push(b)], [a, b]),
            ([.dismiss, .pop(2), .present(modal)], [a, modal]),
            ([.pop(1), .push(a), .push(b)], [a, b]),
            ([.update(a), .push(b)], [a, b]),
            ([.pop(1), .update(b)], [b]),
            ([.replace([a, b])], [a, b]),
            ([.pop(1)], [a]),
        ]
        for (transition, new) in cases {
            let mediation = Self.mediation(transition, new: new)
            var members: [StackEntry] = []
            mediation.forEachPayloadMember { members.append($0) }
            #expect(members == Self.expectedMembers(mediation), "\(transition)")
        }
        // Resolutions as the resolver makes them.
        let resolver = NavigationResolver(graph: try shopGraph())
        var compared = 0  // resolutions made (a refused one compares nothing)
        let stacks = [["home"], ["home", "catalog", "product:42"], ["home", "login", "forgot"]]
        let screens = ["product", "cart", "login", "settings", "avatar"]
        for items in stacks {
            for screen in screens {
                let destination = Destination(screen: screen, params: ["id": .int(7)])
                guard let resolution = try? resolver.resolve(destination, stack: stack(from: items), nextEntryNumber: 9)
                else { continue }
                var members: [StackEntry] = []
                resolution.mediation.forEachPayloadMember { members.append($0) }
                #expect(members == Self.expectedMembers(resolution.mediation), "\(items) -> \(screen)")
                compared += 1
            }
        }
        // Each of them resolves.
        #expect(compared == stacks.count * screens.count)
    }
}
