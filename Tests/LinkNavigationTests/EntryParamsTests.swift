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

    /// Params already in the screen's own form (declared order, declared types, valid) are kept as
    /// given, storage and all; anything else goes through the full conversion, with its errors.
    @Test func paramsAlreadyInTheScreensFormAreKeptAsGiven() throws {
        let graph = try ScreenGraph([
            Screen(
                name: "product",
                params: [
                    try ScreenParam("id", "int"), try ScreenParam("ref", "string"),
                    try ScreenParam("size", "enum(s|m)"),
                ]
            )
        ])
        let resolver = NavigationResolver(graph: graph)
        let product = try #require(graph["product"])
        func given(_ pairs: [(String, ParamValue)]) -> EntryParams {
            EntryParams(ordered: pairs.map { EntryParams.Param(name: $0.0, value: $0.1) })
        }
        let typed = given([("id", .int(7)), ("ref", .string("mail")), ("size", .string("m"))])
        let kept = try resolver.entryParams(product, typed)
        #expect(kept.sharesStorage(with: typed))
        #expect(kept == typed)

        // Text for an int is converted; another order is put in declaration order; both are new.
        let text = given([("id", .string("7")), ("ref", .string("mail")), ("size", .string("m"))])
        let converted = try resolver.entryParams(product, text)
        #expect(converted == typed && !converted.sharesStorage(with: text))
        let shuffled = given([("ref", .string("mail")), ("id", .int(7)), ("size", .string("m"))])
        let ordered = try resolver.entryParams(product, shuffled)
        #expect(ordered.map(\.key) == ["id", "ref", "size"] && !ordered.sharesStorage(with: shuffled))

        // A name equal only by canonical equivalence (e + U+0301 for é) is not kept: the result
        // carries the declared name's bytes.
        let accented = try ScreenGraph([Screen(name: "menu", params: [try ScreenParam("caf\u{E9}", "string")])])
        let menu = try #require(accented["menu"])
        let decomposed = given([("cafe\u{301}", .string("x"))])
        let renamed = try NavigationResolver(graph: accented).entryParams(menu, decomposed)
        #expect(!renamed.sharesStorage(with: decomposed))
        #expect(renamed.map { Array($0.key.utf8) } == [Array("caf\u{E9}".utf8)])

        // A value of the right kind that fails its spec is refused as before.
        #expect(
            throws: NavigationError.invalidParam(
                screen: "product",
                param: "size",
                reason: "\"xl\" is not a valid enum(s|m)"
            )
        ) {
            try resolver.entryParams(product, given([("id", .int(7)), ("ref", .string("a")), ("size", .string("xl"))]))
        }
        #expect(throws: NavigationError.missingParam(screen: "product", param: "id")) {
            try resolver.entryParams(product, given([("id", .null), ("ref", .string("a")), ("size", .string("s"))]))
        }
    }

    /// The packed-word comparison agrees with comparing presentation and params storage one by one.
    @Test func sharingPresentationAndParamsIsOneWordCompared() {
        let shared = EntryParams(["id": .int(1)])
        let equalButNew = EntryParams(["id": .int(1)])
        // Empty arrays that keep their room have buffers of their own, unlike the shared empty one.
        var keptRoom: [EntryParams.Param] = [.init(name: "x", value: .null)]
        keptRoom.removeAll(keepingCapacity: true)
        var keptRoomToo: [EntryParams.Param] = [.init(name: "y", value: .null)]
        keptRoomToo.removeAll(keepingCapacity: true)
        let params = [
            shared, equalButNew, EntryParams(), EntryParams([:]), EntryParams(["id": .int(2)]),
            EntryParams(ordered: keptRoom), EntryParams(ordered: keptRoomToo),
        ]
        var entries: [StackEntry] = []
        for presentation in Presentation.allCases {
            for item in params {
                entries.append(StackEntry(id: "e1", screen: "s", params: item, presentation: presentation))
            }
        }
        for a in entries {
            for b in entries {
                let expected = a.presentation == b.presentation && a.params.sharesStorage(with: b.params)
                #expect(a.sharesPresentationAndParams(with: b) == expected)
            }
        }
        let entry = entries[0]
        let copy = entry
        #expect(copy.sharesPresentationAndParams(with: entry))
    }

    /// Byte equality of strings: the same representation at a glance, else byte by byte; never
    /// canonical equivalence.
    @Test func sameUTF8IsByteEquality() {
        let long = String(repeating: "caf\u{E9}-", count: 8)
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)  // equal bytes, another object
        #expect(long.hasSameUTF8(as: long))
        #expect(long.hasSameUTF8(as: rebuilt))
        #expect("e3".hasSameUTF8(as: String("e3x".dropLast())))
        #expect(!"caf\u{E9}".hasSameUTF8(as: "cafe\u{301}"))
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(!long.hasSameUTF8(as: long + "x"))
        #expect(!"ab".hasSameUTF8(as: "ba"))
        #expect("".hasSameUTF8(as: String()))
    }

    /// Names checked in order, byte for byte, whether they are copies of the declared names, equal
    /// small strings or long strings built apart; canonical equivalence is not enough.
    @Test func namesExactlyAsGiven() {
        let long = String(repeating: "caf\u{E9}-", count: 8)
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)
        let params = EntryParams(ordered: [.init(name: "a", value: .int(1)), .init(name: long, value: .null)])
        #expect(params.hasNames(exactly: ["a", long]))
        #expect(params.hasNames(exactly: [String("ax".dropLast()), rebuilt]))
        #expect(!params.hasNames(exactly: [long, "a"]))
        #expect(!params.hasNames(exactly: ["a"]))
        #expect(!params.hasNames(exactly: ["a", long, "b"]))
        #expect(!params.hasNames(exactly: ["a", long + "x"]))
        let accented = EntryParams(ordered: [.init(name: "caf\u{E9}", value: .int(1))])
        #expect(accented.hasNames(exactly: ["caf\u{E9}"]))
        #expect(!accented.hasNames(exactly: ["cafe\u{301}"]))
        #expect(EntryParams().hasNames(exactly: []))
        #expect(!EntryParams().hasNames(exactly: ["a"]))
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
    func anEntryKeepsItsPresentationAndParamsInThirtyTwoBytes(presentation: Presentation) {
        let entry = StackEntry(id: "e3", screen: "product", params: ["id": .int(3)], presentation: presentation)
        #expect(entry.presentation == presentation)
        #expect(entry.params == ["id": .int(3)])
        #expect(entry.with(params: ["id": .int(4)]).presentation == presentation)
        #expect(entry != StackEntry(id: "e3", screen: "product", params: ["id": .int(4)], presentation: presentation))
        #expect(MemoryLayout<StackEntry>.stride == 32)
    }
}
