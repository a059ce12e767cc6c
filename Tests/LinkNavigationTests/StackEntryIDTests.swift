import Testing

@testable import LinkNavigation

@Suite struct StackEntryIDTests {
    /// Every digit count a small string holds, the first that does not fit, the largest number an
    /// entry keeps as a number (`2^47 - 1`) and the first it keeps by its spelling, and the extremes.
    static let numbers = [
        0, 1, 9, 10, 42, 99, 100, 1_000, 65_535, 123_456_789, 9_999_999_999_999, 10_000_000_000_000,
        99_999_999_999_999, 100_000_000_000_000, (1 << 47) - 1, 1 << 47, Int.max, -1, Int.min,
    ]

    @Test(arguments: numbers)
    func anIDIsTheLetterEAndTheNumber(_ number: Int) {
        let id = EntryKey.text(number: number)
        #expect(id == "e\(number)")
        #expect(Array(id.utf8) == Array("e\(number)".utf8))
    }

    /// An entry made from its number and one made from its id's text are one entry.
    @Test(arguments: numbers)
    func anEntryMadeFromItsNumberIsTheEntryOfItsText(_ number: Int) {
        let made = StackEntry(number: number, screen: "home", params: [:], presentation: .root, position: 3)
        let given = StackEntry(id: "e\(number)", screen: "home", params: [:], presentation: .root)
        #expect(Array(made.id.utf8) == Array("e\(number)".utf8))
        #expect(made == given)
        #expect(made.hashValue == given.hashValue)
        #expect(made.hasSameID(as: given))
        #expect(made.hasID("e\(number)"))
        #expect(!made.hasID("e\(number)0"))
        #expect(made.number == ((0..<(1 << 47)).contains(number) ? number : nil))
    }

    /// Ids of other spellings (a leading zero, another letter, none, a sign, non-ASCII) are kept
    /// as given, compare by their spelling, and never pass for a number.
    @Test(arguments: ["v3", "e01", "e00", "e", "", "E5", "e-0", "e+5", "e 5", "e5 ", "é5", "e\u{301}5", "e1x"])
    func anIDOfAnotherSpellingIsKeptAsGiven(_ id: String) {
        let entry = StackEntry(id: id, screen: "home", params: [:], presentation: .push)
        #expect(Array(entry.id.utf8) == Array(id.utf8))
        #expect(entry.number == nil)
        #expect(entry == StackEntry(id: id, screen: "home", params: [:], presentation: .push))
        #expect(entry.hasID(id))
        #expect(!entry.hasID(id + "1"))
        #expect(!entry.hasSameID(as: StackEntry(number: 5, screen: "home", params: [:], presentation: .push)))
        #expect(entry != StackEntry(id: id + "1", screen: "home", params: [:], presentation: .push))
    }

    @Test func idsAreComparedAsNumbers() {
        let five = StackEntry(number: 5, screen: "home", params: [:], presentation: .push)
        #expect(five.hasSameID(as: StackEntry(id: "e5", screen: "cart", params: [:], presentation: .modal)))
        #expect(!five.hasSameID(as: StackEntry(number: 50, screen: "home", params: [:], presentation: .push)))
        #expect(five != StackEntry(number: 6, screen: "home", params: [:], presentation: .push))
        // The screen's position hint is no part of the entry's value.
        #expect(five == StackEntry(number: 5, screen: "home", params: [:], presentation: .push, position: 0))
    }
}
