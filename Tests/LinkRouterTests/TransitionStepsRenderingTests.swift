import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// A resolution made in place keeps its transition as counts: written from them, the transition
/// is the text of its ops written one by one, and hands the same entries to the payload; the
/// mediation written from the resolution in place is the text of its `Mediation` written whole.
@Suite struct TransitionStepsRenderingTests {
    static func entry(_ n: Int, _ presentation: Presentation) -> StackEntry {
        StackEntry(
            id: "e\(n)",
            screen: presentation == .root ? "home" : "doc",
            params: presentation == .root ? EntryParams() : ["z": .int(Int64(n))],
            presentation: presentation
        )
    }

    /// Old stacks with modal layers at several heights.
    static let olds: [[StackEntry]] = [
        [],
        [entry(1, .root)],
        [entry(1, .root), entry(2, .push), entry(3, .push)],
        [entry(1, .root), entry(2, .modal), entry(3, .push), entry(4, .modal), entry(5, .push)],
    ]

    /// The transition and mediation written from the steps and from the ops (then the mediation
    /// value), and the payload entries each handed.
    static func written(_ resolution: Resolution) throws -> (steps: String, ops: String, handed: [Int]) {
        let rendering = try EntryRenderingTests.rendering()
        var texts: [String] = []
        var handed: [Int] = []
        for fromSteps in [true, false] {
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("transition")
            writer.withMemo { writer, memo in
                if fromSteps {
                    writer.transition(of: resolution, rendering, memo: &memo)
                } else {
                    writer.transition(resolution.transition, rendering, memo: &memo)
                }
                handed.append(memo.handedAll ? memo.handedCount : -1)
                if fromSteps {
                    writer.mediation(of: resolution, rendering, memo: &memo)
                } else {
                    writer.mediation(resolution.mediation, rendering, memo: &memo)
                }
            }
            writer.endObject()
            texts.append(String(decoding: writer.finish(), as: UTF8.self))
        }
        return (texts[0], texts[1], handed)
    }

    @Test(arguments: olds.indices, [0, 1, 2])
    func stepsWriteTheOps(old index: Int, pathCount: Int) throws {
        let old = Self.olds[index]
        // An in-place resolution keeps an entry of a stack that has one (one that keeps none is a
        // `replace`, made from the two stacks).
        for kept in (old.isEmpty ? 0 : 1)...old.count {
            for lastPresentation in [Presentation.push, .modal] {
                var stack = old
                let path = (0..<pathCount).map { Self.entry(10 + $0, $0 == 0 ? .modal : .push) }
                let last = Self.entry(20, lastPresentation)
                let resolution = Resolution(keeping: kept, of: &stack, adding: path, last, nextEntryNumber: 21)
                #expect(resolution.steps != nil)
                #expect(resolution.transition == TransitionOp.between(old, resolution.stack))
                let (steps, ops, handed) = try Self.written(resolution)
                #expect(steps == ops)
                #expect(handed[0] == handed[1] && handed[0] == pathCount + 1)
            }
        }
    }
}
