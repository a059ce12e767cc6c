import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// The mediation's payload written from the entries the transition just wrote is the payload the
/// mediation itself hands on: one member per screen, the last, in order; and where the memo cannot
/// hold them all, the mediation's own is written.
@Suite struct PayloadRenderingTests {
    static func doc(_ n: Int) -> StackEntry {
        StackEntry(id: "e\(n)", screen: "doc", params: ["z": .int(Int64(n))], presentation: .push)
    }

    static let home = StackEntry(id: "e0", screen: "home", params: EntryParams(), presentation: .root)
    static let stranger = StackEntry(id: "e9", screen: "nowhere", params: ["q": .int(1)], presentation: .modal)

    /// The mediation written after the transition in one memo, and written alone; and whether the
    /// first took the payload from the memo.
    static func written(_ ops: [TransitionOp], new: [StackEntry]) throws -> (
        after: String, alone: String, fromMemo: Bool
    ) {
        let rendering = try EntryRenderingTests.rendering()
        let mediation = Mediation(old: [home], new: new, transition: ops)
        var writer = JSONWriter()
        var start = 0
        var fromMemo = false
        writer.withMemo { writer, memo in
            writer.beginObject()
            writer.key(.transition)
            writer.transition(ops, rendering, memo: &memo)
            fromMemo = memo.handedAll
            start = writer.position
            writer.mediation(mediation, rendering, memo: &memo)
        }
        let after = String(decoding: writer.finish()[start...], as: UTF8.self)
        var single = JSONWriter()
        single.withMemo { writer, memo in
            writer.beginObject()
            writer.nullField(.transition)  // a member before, as above
            start = writer.position
            writer.mediation(mediation, rendering, memo: &memo)
        }
        return (after, String(decoding: single.finish()[start...], as: UTF8.self), fromMemo)
    }

    @Test func aScreenHandedTwiceKeepsItsLastMember() throws {
        let (a, b, c) = (Self.doc(1), Self.doc(2), Self.doc(3))
        let ops: [TransitionOp] = [.push(a), .replace([Self.home, b]), .pop(1), .present(c)]
        let (after, alone, fromMemo) = try Self.written(ops, new: [Self.home, b, c])
        #expect(fromMemo)
        #expect(after == alone)
        #expect(after.hasSuffix(#","presentation":"push","payload":{"home":{},"doc":{"z":3}}}"#))
    }

    @Test func theLastOfAScreenComesInItsPlace() throws {
        let (a, b) = (Self.doc(1), Self.doc(2))
        let ops: [TransitionOp] = [.replace([Self.home, a]), .update(b), .dismiss]
        let (after, alone, fromMemo) = try Self.written(ops, new: [Self.home, b])
        #expect(fromMemo)
        #expect(after == alone)
        #expect(after.hasSuffix(#""payload":{"home":{},"doc":{"z":2}}}"#))
    }

    /// Exactly as many entries as the memo's room: all held, the payload still from the memo.
    @Test func asManyAsTheRoomComeFromTheMemo() throws {
        let full = [Self.home] + (1..<EntryMemo.roomCount).map(Self.doc)
        #expect(full.count == EntryMemo.roomCount)
        let (after, alone, fromMemo) = try Self.written([.replace(full)], new: full)
        #expect(fromMemo)
        #expect(after == alone)
        #expect(after.hasSuffix(#""payload":{"home":{},"doc":{"z":7}}}"#))
    }

    /// The memo's handed entries serve the mediation written after their transition, once: a
    /// second mediation in the same memo, made from other ops, writes its own payload.
    @Test func aLaterMediationWritesItsOwnPayload() throws {
        let rendering = try EntryRenderingTests.rendering()
        let ops: [TransitionOp] = [.push(Self.doc(1))]
        let first = Mediation(old: [Self.home], new: [Self.home, Self.doc(1)], transition: ops)
        let other = Mediation(old: [Self.home], new: [Self.home, Self.doc(2)], transition: [.push(Self.doc(2))])
        var writer = JSONWriter()
        var start = 0
        var handedAfter = true
        writer.withMemo { writer, memo in
            writer.beginObject()
            writer.key(.transition)
            writer.transition(ops, rendering, memo: &memo)
            writer.mediation(first, rendering, memo: &memo)
            handedAfter = memo.handedAll
            writer.beginObject()
            start = writer.position
            writer.mediation(other, rendering, memo: &memo)
        }
        #expect(!handedAfter)
        let second = String(decoding: writer.finish()[start...], as: UTF8.self)
        #expect(second.hasSuffix(#""payload":{"doc":{"z":2}}}"#))
    }

    /// More entries than the memo's room, or a screen the table does not have: the mediation's own
    /// payload, the same text.
    @Test func pastTheRoomOrForAStrangerTheMediationsOwn() throws {
        let many = [Self.home] + (1...EntryMemo.roomCount).map(Self.doc)
        let (after, alone, fromMemo) = try Self.written([.replace(many)], new: many)
        #expect(!fromMemo)
        #expect(after == alone)
        #expect(after.hasSuffix(#""payload":{"home":{},"doc":{"z":8}}}"#))
        let odd = try Self.written([.push(Self.doc(1)), .present(Self.stranger)], new: [Self.home, Self.stranger])
        #expect(!odd.fromMemo)
        #expect(odd.after == odd.alone)
        #expect(odd.after.hasSuffix(#""payload":{"doc":{"z":1},"nowhere":{"q":1}}}"#))
    }
}
