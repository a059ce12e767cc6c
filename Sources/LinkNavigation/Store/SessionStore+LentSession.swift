extension SessionStore {
    /// The session an update's body changes, built in memory the caller provides from the slot it
    /// comes from, and taken apart again field by field: each field is copied, moved or released
    /// only as much as it must be.
    ///
    /// While lent, the session holds
    /// - the caller's id, moved in;
    /// - a copy of the slot's stack (one retain): copy on write keeps the stored stack as it was, to
    ///   compare with and to keep if the body throws;
    /// - the slot's attributes, moved out: the body changes them in place, and the update's
    ///   ``AttributeSnapshot`` holds what they were. The slot's field is uninitialised until
    ///   ``takeBack(attributesChanged:)`` or ``restore(_:)`` puts attributes back;
    /// - the slot's parked box, retained only when there is one;
    /// - the version and entry number.
    struct LentSession: ~Copyable {
        let slot: UnsafeMutablePointer<Slot>
        let session: UnsafeMutablePointer<Session>

        /// Lends the session of `slot`, built at `session` (uninitialised memory), under `id`.
        @inline(__always)
        init(_ slot: UnsafeMutablePointer<Slot>, at session: UnsafeMutablePointer<Session>, id: consuming String) {
            self.slot = slot
            self.session = session
            session.initialize(
                to: Session(
                    id: id,
                    stack: slot.pointee.stack,
                    attributes: slot.field(\.attributes).move(),
                    version: slot.pointee.version,
                    // Most sessions have no parked navigation: no retain call for the absent box.
                    parkedBox: ParkedBox.address(of: slot.pointee.parked) == 0 ? nil : slot.pointee.parked,
                    nextEntryNumber: slot.pointee.nextEntryNumber
                )
            )
        }

        /// Stores what the body left in the session, version aside (the store's to set), and
        /// releases the rest.
        /// - Returns: Whether anything differed from the slot.
        @inline(__always)
        consuming func takeBack(attributesChanged: Bool) -> Bool {
            var changed = attributesChanged
            slot.field(\.attributes).initialize(to: session.field(\.attributes).move())
            let entryNumber = session.pointee.nextEntryNumber
            if entryNumber != slot.pointee.nextEntryNumber {
                slot.pointee.nextEntryNumber = entryNumber
                changed = true
            }
            // An untouched stack is the very buffer the slot holds: the lent copy is only released.
            let stack = session.field(\.stack).move()
            // The buffer check first, inline: `stacksEqual` is a call, which an update that leaves
            // the stack alone (most outside navigation) should not pay for.
            if !stack.sharesBuffer(with: slot.pointee.stack), !StackEntry.stacksEqual(stack, slot.pointee.stack) {
                slot.pointee.stack = stack
                changed = true
            }
            // Most updates leave the parked navigation alone: the same box, or none on either side,
            // which needs no release at all.
            let slotBox = ParkedBox.address(of: slot.pointee.parked)
            if ParkedBox.address(of: session.pointee.parkedBox) != slotBox || slotBox != 0 {
                let box = session.field(\.parkedBox).move()
                if ParkedBox.address(of: box) != slotBox {
                    if !ParkedBox.same(box, slot.pointee.parked) { changed = true }
                    slot.pointee.parked = box
                }
            }
            // Moved out and dropped here: `deinitialize` would go through String's value witnesses.
            _ = session.field(\.id).move()
            return changed
        }

        /// Puts `attributes` back into the slot, which is otherwise as it was, and releases the
        /// session: the body threw.
        @inline(__always)
        consuming func restore(_ attributes: consuming SessionAttributes) {
            slot.field(\.attributes).initialize(to: attributes)
            session.deinitialize(count: 1)
        }
    }
}
