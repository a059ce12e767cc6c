import LinkRouting
import Testing

@testable import LinkNavigation

/// `StackEntry.stacksEqual`, which the store uses to tell whether an update changed a stack: it
/// must agree with `==` on copies, on equal stacks stored apart and on stacks that differ anywhere.
@Suite struct StackEqualityTests {
    private static func entry(_ id: String, _ screen: String, _ params: EntryParams = [:]) -> StackEntry {
        StackEntry(id: id, screen: screen, params: params, presentation: id == "e1" ? .root : .push)
    }

    @Test func agreesWithEquality() {
        let home = Self.entry("e1", "home")
        let product = Self.entry("e2", "product", ["id": .int(7)])
        let stack = [home, product]
        let cases: [[StackEntry]] = [
            stack,
            [Self.entry("e1", "home"), Self.entry("e2", "product", ["id": .int(7)])],  // stored apart
            [home],
            [home, Self.entry("e3", "product", ["id": .int(7)])],  // another id on top
            [home, Self.entry("e2", "product", ["id": .int(8)])],  // other params on top
            [Self.entry("e1", "start"), product],  // another screen below
            [],
        ]
        for other in cases {
            #expect(StackEntry.stacksEqual(stack, other) == (stack == other))
            #expect(StackEntry.stacksEqual(other, stack) == (other == stack))
        }
        #expect(StackEntry.stacksEqual([], []))
        #expect(!StackEntry.stacksEqual(stack, [home, Self.entry("e2", "product", ["id": .int(8)])]))
        #expect(
            StackEntry.stacksEqual(stack, [Self.entry("e1", "home"), Self.entry("e2", "product", ["id": .int(7)])])
        )
    }
}
