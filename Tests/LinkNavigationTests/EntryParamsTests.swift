import LinkRouting
import Testing

@testable import LinkNavigation

/// `StackEntry.params` as a small array: lookups, order-blind equality and hashing, and the
/// entry's compact layout.
@Suite struct EntryParamsTests {
    @Test func looksUpIteratesAndConverts() {
        let params: EntryParams = ["ref": .string("mail"), "id": .int(42)]
        #expect(params["id"] == .int(42))
        #expect(params["ref"] == .string("mail"))
        #expect(params["page"] == nil)
        #expect(params.count == 2)
        #expect(!params.isEmpty)
        #expect(params.map(\.key) == ["id", "ref"])  // sorted by name when built from a dictionary
        #expect(params.dictionary == ["id": .int(42), "ref": .string("mail")])
        #expect(EntryParams().isEmpty)
        #expect(EntryParams([:]) == [:])
    }

    @Test func theResolverKeepsTheDeclarationOrder() throws {
        let graph = try ScreenGraph([
            Screen(name: "home"),
            Screen(
                name: "product",
                params: [try ScreenParam("ref", "string=direct"), try ScreenParam("id", "int")],
                parent: "home"
            ),
        ])
        let resolver = NavigationResolver(graph: graph)
        let product = try #require(graph["product"])
        let params = try resolver.entryParams(product, ["id": .int(7), "undeclared": .bool(true)])
        #expect(params.map(\.key) == ["ref", "id"])
        #expect(params == ["id": .int(7), "ref": .string("direct")])
    }

    @Test func equalityAndHashingIgnoreTheOrder() {
        let sorted: EntryParams = ["a": .int(1), "b": .null]
        let declared = EntryParams(ordered: [.init(name: "b", value: .null), .init(name: "a", value: .int(1))])
        #expect(sorted == declared)
        #expect(sorted.hashValue == declared.hashValue)
        #expect(Set([sorted, declared]).count == 1)
        #expect(sorted != ["a": .int(1)])
        #expect(sorted != ["a": .int(2), "b": .null])
        #expect(sorted != ["a": .int(1), "c": .null])
    }

    @Test func aDuplicatedLiteralKeyKeepsItsFirstValue() {
        let params: EntryParams = ["a": .int(1), "a": .int(2)]
        #expect(params == ["a": .int(1)])
    }

    @Test(arguments: Presentation.allCases)
    func anEntryKeepsItsPresentationAndParamsInFortyBytes(presentation: Presentation) {
        let entry = StackEntry(id: "e3", screen: "product", params: ["id": .int(3)], presentation: presentation)
        #expect(entry.presentation == presentation)
        #expect(entry.params == ["id": .int(3)])
        #expect(entry.with(params: ["id": .int(4)]).presentation == presentation)
        #expect(entry != StackEntry(id: "e3", screen: "product", params: ["id": .int(4)], presentation: presentation))
        #expect(MemoryLayout<StackEntry>.stride == 40)
    }
}
