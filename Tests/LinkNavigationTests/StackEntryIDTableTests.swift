import Testing

@testable import LinkNavigation

/// The first ids come from a table made once: each must be the id the number would be given
/// without it, at the table's ends and past them.
@Suite struct StackEntryIDTableTests {
    @Test func everyTabledIDAndThoseAfterThemAreTheLetterEAndTheNumber() {
        for number in 0..<2_048 {
            let id = StackEntry.id(number: number)
            #expect(Array(id.utf8) == Array("e\(number)".utf8), "\(number)")
        }
    }

    @Test(arguments: [-1, -1_024, 1_023, 1_024, 1_025])
    func theTablesEndsGiveTheSameIDs(_ number: Int) {
        #expect(StackEntry.id(number: number) == "e\(number)")
    }
}
