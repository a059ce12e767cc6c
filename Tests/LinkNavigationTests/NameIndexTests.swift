import Testing

@testable import LinkNavigation

@Suite struct NameIndexTests {
    /// Short and long names, multi-byte ones, and near misses of each other.
    static let names: [String] = {
        var names = ["home", "catalog", "product", "r1", "r10", "r100", "", "é", "caf\u{E9}", "cafe\u{301}"]
        names += (0..<300).map { "screen_\($0)" }
        names.append(String(repeating: "long-name-", count: 20))
        return names
    }()

    @Test func everyNameIsAtItsPosition() {
        let index = NameIndex(Self.names)
        for (position, name) in Self.names.enumerated() {
            #expect(index.position(of: name) == position, "\(name)")
        }
    }

    @Test(arguments: [
        "Home", "hom", "homee", "screen_300", "r1000", " ", "cafe", String(repeating: "long-name-", count: 19),
    ])
    func anAbsentNameIsNotFound(_ name: String) {
        #expect(NameIndex(Self.names).position(of: name) == nil)
    }

    @Test func anEmptyIndexFindsNothing() {
        #expect(NameIndex([]).position(of: "home") == nil)
        #expect(NameIndex([]).position(of: "") == nil)
    }

    /// A name whose text is not stored as contiguous UTF-8 is hashed the same way.
    @Test func aSubstringBuiltNameIsFound() {
        let index = NameIndex(Self.names)
        let built = String("xxscreen_42yy".dropFirst(2).dropLast(2))
        #expect(index.position(of: built) == Self.names.firstIndex(of: "screen_42"))
    }

    /// Names spelled like the table's but stored apart (new storage for the long ones) miss the
    /// first probe, which compares the strings' words, and are found by their bytes.
    @Test func aNameStoredApartIsFoundByItsBytes() {
        let index = NameIndex(Self.names)
        for (position, name) in Self.names.enumerated() {
            let apart = String(decoding: Array(name.utf8), as: UTF8.self)
            #expect(index.position(of: apart) == position, "\(name)")
        }
    }

    /// An index built from copies finds the originals, and the other way round.
    @Test func anIndexOfCopiesFindsTheOriginals() {
        let copies = Self.names.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        let index = NameIndex(copies)
        for (position, name) in Self.names.enumerated() {
            #expect(index.position(of: name) == position, "\(name)")
        }
    }
}
