import Testing

@testable import LinkNavigation

@Suite struct StackEntryIDTests {
    /// Every digit count a small string holds, the first that does not fit, and the extremes.
    @Test(arguments: [
        0, 1, 9, 10, 42, 99, 100, 1_000, 65_535, 123_456_789, 9_999_999_999_999, 10_000_000_000_000,
        99_999_999_999_999, 100_000_000_000_000, Int.max, -1, Int.min,
    ])
    func anIDIsTheLetterEAndTheNumber(_ number: Int) {
        let id = StackEntry.id(number: number)
        #expect(id == "e\(number)")
        #expect(Array(id.utf8) == Array("e\(number)".utf8))
    }
}
