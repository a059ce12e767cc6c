internal import LinkRouting

extension SessionStore {
    /// The session an update's body changes, built in memory the caller provides from the slot it
    /// comes from, and taken apart again field by field: each field is copied, moved or released
    /// only as much as it must be.
    ///
    /// While lent, the session holds
    /// - the caller's id, moved in;
    /// - a copy of the slot's stack (one retain): copy on write keeps the stored stack as it was, to
    ///   compare with and to keep if the body throws; or, when lent by move (`lendingStack`), the
    ///   slot's stack itself, whose field is then uninitialised like the attributes' until it is
    ///   put back;
    /// - the slot's attributes, moved out: the body changes them in place, and the update's
    ///   ``AttributeSnapshot`` holds what they were. The slot's field is uninitialised until
    ///   ``takeBack(attributesChanged:stackChanged:)`` or ``restore(_:)`` puts attributes back;
    /// - the slot's parked box, retained only when there is one;
    /// - the version and entry number.
    struct LentSession: ~Copyable {
        let slot: UnsafeMutablePointer<Slot>
        let session: UnsafeMutablePointer<Session>
        /// Whether the stack is lent by move.
        let lendsStack: Bool

        /// Lends the session of `slot`, built at `session` (uninitialised memory), under `id`.
        @inline(__always)
        init(
            _ slot: UnsafeMutablePointer<Slot>,
            at session: UnsafeMutablePointer<Session>,
            id: consuming String,
            lendingStack: Bool
        ) {
            self.slot = slot
            self.session = session
            lendsStack = lendingStack
            session.initialize(
                to: Session(
                    id: id,
                    stack: lendingStack ? slot.field(\.stack).move() : slot.pointee.stack,
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
        /// - Parameter stackChanged: For a stack lent by move, whether the body changed it.
        /// - Returns: Whether anything differed from the slot.
        @inline(__always)
        consuming func takeBack(attributesChanged: Bool, stackChanged: Bool) -> Bool {
            var changed = attributesChanged
            slot.field(\.attributes).initialize(to: session.field(\.attributes).move())
            let entryNumber = session.pointee.nextEntryNumber
            if entryNumber != slot.pointee.nextEntryNumber {
                slot.pointee.nextEntryNumber = entryNumber
                changed = true
            }
            if lendsStack {
                slot.field(\.stack).initialize(to: session.field(\.stack).move())
                changed = changed || stackChanged
            } else {
                // An untouched stack is the very buffer the slot holds: the lent copy is only released.
                let stack = session.field(\.stack).move()
                // The buffer check first, inline: `stacksEqual` is a call, which an update that
                // leaves the stack alone (most outside navigation) should not pay for.
                if !stack.sharesBuffer(with: slot.pointee.stack), !StackEntry.stacksEqual(stack, slot.pointee.stack) {
                    slot.pointee.stack = stack
                    changed = true
                }
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
            // A small id (nearly every one) holds no object and is left as it lies: no release call.
            if SmallStringLayout.words(of: session.pointee.id) == nil { _ = session.field(\.id).move() }
            return changed
        }

        /// Puts `attributes` back into the slot, which is otherwise as it was, and releases the
        /// session: the body threw.
        @inline(__always)
        consuming func restore(_ attributes: consuming SessionAttributes) {
            slot.field(\.attributes).initialize(to: attributes)
            // A stack lent by move goes back as the body left it: as it was, as the body must leave it.
            if lendsStack {
                slot.field(\.stack).initialize(to: session.field(\.stack).move())
                session.field(\.stack).initialize(to: [])  // nothing to release below
            }
            session.deinitialize(count: 1)
        }
    }
}
