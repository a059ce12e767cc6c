extension Session {
    /// This session after `resolution`: its stack and entry counter, and the parked navigation
    /// dropped once its flow's layer has left the new stack (``dropParkingWithoutLayer()``).
    ///
    /// Built once, field by field: copying the session and then replacing its stack would retain
    /// and release the old stack for nothing, and copy the parked navigation out of its box.
    /// Inlined: a call copies the id, attributes and stack through outlined copy helpers.
    @inline(__always)
    func resolved(by resolution: Resolution) -> Session {
        var box = parkedBox
        if let parked = box, !parked.value.isPresented(on: resolution.stack) { box = nil }
        return Session(
            id: id,
            stack: resolution.stack,
            attributes: attributes,
            version: version,
            parkedBox: box,
            nextEntryNumber: resolution.nextEntryNumber
        )
    }

    /// ``resolved(by:)`` in place, for a resolution already applied to ``stack``: its entry counter
    /// taken, and the parked navigation dropped once its flow's layer has left the stack.
    @inline(__always)
    mutating func settle(after resolution: Resolution) {
        nextEntryNumber = resolution.nextEntryNumber
        dropParkingWithoutLayer()
    }

    /// Becomes `other`, as `self = other` does, assigning only what differs: a navigation hands back
    /// a session made from this one, whose id and attributes are the very same values, so they are
    /// neither retained nor released again, and neither is an untouched stack or parked box.
    public mutating func become(_ other: Session) {
        // The same id text (a copy of one string is told by its two words) and the very same
        // attributes storage; anything else takes the whole session.
        guard id.hasSameUTF8(as: other.id), attributes.entries.sharesBuffer(with: other.attributes.entries)
        else {
            self = other
            return
        }
        if !stack.sharesBuffer(with: other.stack) { stack = other.stack }
        version = other.version
        if ParkedBox.address(of: parkedBox) != ParkedBox.address(of: other.parkedBox) { parkedBox = other.parkedBox }
        nextEntryNumber = other.nextEntryNumber
    }
}
