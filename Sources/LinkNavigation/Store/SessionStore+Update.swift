import Synchronization

extension SessionStore {
    /// Changes one session atomically: checks its version, runs `body` on it, and stores what
    /// differs from what was stored, with the version raised by 1.
    ///
    /// - Parameters:
    ///   - id: The session's id.
    ///   - expectedVersion: When given, the update is refused unless the session is at this version.
    ///   - body: Changes the session. Its changes to ``Session/version`` are ignored (the store
    ///     sets it), and when it throws, nothing is stored.
    /// - Returns: What `body` returned, and the session as stored afterwards.
    /// - Throws: ``SessionStoreError/noSession`` for an unknown or expired id,
    ///   ``SessionStoreError/versionConflict(expected:actual:)`` with the current version, or
    ///   ``SessionStoreError/navigation(_:)`` with the error `body` threw. Nothing changes then,
    ///   except that a live session's idle time restarts.
    /// - Important: `body` runs under the lock of the session's shard: keep it quick (a resolution,
    ///   no IO, no encoding), and never call back into the store from it.
    @inlinable
    public func update<Result>(
        _ id: String,
        expectedVersion: Int? = nil,
        _ body: (inout Session) throws(NavigationFailure) -> Result
    ) throws(SessionStoreError) -> (result: Result, session: Session) {
        var after: Session?
        let (result, version) = try mutate(id, expectedVersion: expectedVersion) {
            (session) throws(NavigationFailure) -> Result in
            let result = try body(&session)
            after = session
            return result
        }
        guard var session = after.take() else {
            preconditionFailure("SessionStore.update returned without running its body")
        }
        session.version = version
        return (result, session)
    }

    /// ``update(_:expectedVersion:_:)`` without the copy of the session it returns: the body's result
    /// and the version stored afterwards. The body's session is moved into the store, so a caller
    /// that needs nothing else from it pays for no copy.
    ///
    /// The id is taken, not borrowed: it becomes the id of the session lent to `body`, so a caller
    /// that is done with it pays no retain and release for that copy.
    @inlinable
    public func mutate<Result>(
        _ id: consuming String,
        expectedVersion: Int? = nil,
        _ body: (inout Session) throws(NavigationFailure) -> Result
    ) throws(SessionStoreError) -> (result: Result, version: Int) {
        // Inlinable and thin so that callers specialise it: the work is in the non-generic
        // `apply(_:expectedVersion:_:)`, which unspecialised generic code would slow down
        // with run-time metadata lookups for `Result`.
        //
        // The result waits in stack memory, not in a `Result?`: a large result's optional is
        // destroyed (empty after a `take()`, then full) through the run time's generic `Optional`
        // witnesses, which look up the payload's layout at run time.
        var carried: String? = consume id
        return try withUnsafeTemporaryAllocation(of: Result.self, capacity: 1) {
            (space) throws(SessionStoreError) -> (result: Result, version: Int) in
            guard let result = space.baseAddress else { preconditionFailure("no room for the result") }
            // Lifetime: `result` is initialised once, when the body returns, and moved out below
            // before the allocation ends; when the body throws it is never initialised.
            var ran = false
            let version = try apply(carried.take() ?? "", expectedVersion: expectedVersion) {
                session throws(NavigationFailure) in
                result.initialize(to: try body(&session))
                ran = true
            }
            guard ran else { preconditionFailure("SessionStore.mutate returned without running its body") }
            // Moved out, not copied: a result holding a session would retain each of its references.
            return (result.move(), version)
        }
    }

    /// ``mutate(_:expectedVersion:_:)`` without a result: `body` has run exactly once when this
    /// returns the version stored. A caller that keeps what `body` made in memory of its own pays
    /// for none of a generic result's moves.
    public func apply(
        _ id: consuming String,
        expectedVersion: Int? = nil,
        _ body: (inout Session) throws(NavigationFailure) -> Void
    ) throws(SessionStoreError) -> Int {
        try withLockedSlot(id) { (slot, id, now) throws(SessionStoreError) -> Int in
            try modify(&slot, id: &id, now: now, expectedVersion: expectedVersion, lendsStack: false) {
                (session) throws(NavigationFailure) -> Bool in
                try body(&session)
                return false
            }
        }
    }

    /// ``apply(_:expectedVersion:_:)`` for a body that changes the session's stack in place: the
    /// stack is lent by move, not copied, so the body holds the only reference to its buffer (a
    /// navigation replaces the top entry without allocating a new stack or freeing the old one).
    ///
    /// The store keeps no copy to compare with: `body` returns whether it changed the stack (a
    /// change not reported would be stored without raising the version; one reported that leaves
    /// an equal stack raises it), and must leave the stack as it was when it throws (the store puts
    /// back what it finds there). Debug builds keep a copy and check both.
    ///
    /// Never inlined: the attribute also keeps the compiler from merging this function with
    /// ``apply(_:expectedVersion:_:)``, whose code differs only in the call that modifies the slot;
    /// merged, each became a thunk into one body taking that call as a pointer.
    @inline(never)
    package func applyLendingStack(
        _ id: consuming String,
        expectedVersion: Int? = nil,
        _ body: (inout Session) throws(NavigationFailure) -> Bool
    ) throws(SessionStoreError) -> Int {
        try withLockedSlot(id) { (slot, id, now) throws(SessionStoreError) -> Int in
            try modifyLendingStack(&slot, id: &id, now: now, expectedVersion: expectedVersion, body)
        }
    }

    /// Runs `body` on the live slot of `id` under its shard's lock, with the id (to be taken as
    /// the lent session's) and the time read before the lock. Returns what `body` returns.
    /// - Throws: ``SessionStoreError/noSession`` for an unknown or expired id, or what `body` throws.
    @inline(__always)
    private func withLockedSlot(
        _ id: consuming String,
        _ body: (inout Slot, inout String?, Int64) throws(SessionStoreError) -> Int
    ) throws(SessionStoreError) -> Int {
        guard let key = SessionKey(id) else { throw .noSession }
        let now = clock.now()
        let place = locate(key)
        var expired = false
        // Moved, not copied, into the session `modify` lends: closures cannot consume what they capture.
        var carried: String? = consume id
        // Locked and unlocked here, not in a `withLock` closure: see ``Shard``.
        place.shard.lock()
        let version: Int?
        do {
            defer { place.shard.unlock() }
            version = try place.shard.pointee.slots.withLiveSlot(
                key,
                id: { carried ?? "" },
                hash: place.hash,
                store: self,
                now: now,
                ttl: idleTTL,
                expired: &expired
            ) { (slot) throws(SessionStoreError) -> Int in
                try body(&slot, &carried, now)
            }
        }
        // Taken by the lent session, as nearly always: `carried` is then known empty, and neither
        // it nor the empty value taken out is released (a call into the runtime, for nothing).
        if let left = carried.take() { _ = consume left }
        if expired { held.subtract(1, ordering: .relaxed) }
        guard let version else { throw .noSession }
        return version
    }

    /// ``modify(_:id:now:expectedVersion:lendsStack:_:)`` lending the stack, in a function of its
    /// own with the flag fixed: the compiler does not inline the read-modify-write into
    /// ``applyLendingStack(_:expectedVersion:_:)``, and the one copy it called there tested the flag
    /// on every branch (more instructions over more lines). ``apply(_:expectedVersion:_:)`` keeps
    /// its inlined copy.
    @inline(never)
    func modifyLendingStack(
        _ stored: inout Slot,
        id: inout String?,
        now: Int64,
        expectedVersion: Int?,
        _ body: (inout Session) throws(NavigationFailure) -> Bool
    ) throws(SessionStoreError) -> Int {
        try modify(&stored, id: &id, now: now, expectedVersion: expectedVersion, lendsStack: true, body)
    }

    /// The read-modify-write of ``mutate(_:expectedVersion:_:)`` on one live slot, in place, under
    /// its shard's lock. Returns the version stored.
    /// - Parameters:
    ///   - id: Taken (left `nil`) as the lent session's id.
    ///   - lendsStack: Whether the stack is moved into the lent session, `body` returning whether
    ///     it changed it, or copied, to be compared with what `body` leaves (whose result is then
    ///     not read).
    @inline(__always)
    func modify(
        _ stored: inout Slot,
        id: inout String?,
        now: Int64,
        expectedVersion: Int?,
        lendsStack: Bool,
        _ body: (inout Session) throws(NavigationFailure) -> Bool
    ) throws(SessionStoreError) -> Int {
        stored.lastAccess = now
        if let expectedVersion, expectedVersion != stored.version {
            throw .versionConflict(expected: expectedVersion, actual: stored.version)
        }
        // The session is lent in place (``LentSession``): its attributes are changed in place, their
        // entries kept aside in `attributes`, to compare with and to put back if the body throws.
        // Nothing else in `stored` changes before the body has returned.
        return try withUnsafeMutablePointer(to: &stored) { (slot) throws(SessionStoreError) -> Int in
            try withUnsafeTemporaryAllocation(
                of: AttributeSnapshot.Entry.self,
                capacity: AttributeSnapshot.inlineCapacity
            ) { (space) throws(SessionStoreError) -> Int in
                let attributes = AttributeSnapshot(slot.pointee.attributes, space: space)
                defer { attributes.release() }
                return try withUnsafeTemporaryAllocation(of: Session.self, capacity: 1) {
                    (memory) throws(SessionStoreError) -> Int in
                    guard let place = memory.baseAddress else { preconditionFailure("no room for the session") }
                    #if DEBUG
                    // The lent stack's contract, checked against a copy in a buffer of its own (a
                    // shared one would make the body's in-place changes copy). Release builds
                    // trust the body and pay for nothing.
                    let before = lendsStack ? slot.pointee.stack.map { $0 } : []
                    #endif
                    let lent = LentSession(slot, at: place, id: id.take() ?? "", lendingStack: lendsStack)
                    let stackChanged: Bool
                    do throws(NavigationFailure) {
                        stackChanged = try body(&lent.session.pointee)
                    } catch {
                        #if DEBUG
                        assert(
                            !lendsStack || StackEntry.stacksEqual(before, lent.session.pointee.stack),
                            "a body lent the stack changed it and threw"
                        )
                        #endif
                        lent.restore(attributes.restored())
                        throw .navigation(error)
                    }
                    #if DEBUG
                    // A change reported where the stack ends equal only raises the version; one
                    // not reported would be stored without raising it.
                    assert(
                        !lendsStack || stackChanged || StackEntry.stacksEqual(before, lent.session.pointee.stack),
                        "a body lent the stack changed it and reported no change"
                    )
                    #endif
                    let attributesChanged = !attributes.matches(lent.session.pointee.attributes)
                    if lent.takeBack(attributesChanged: attributesChanged, stackChanged: stackChanged) {
                        slot.pointee.version += 1
                    }
                    return slot.pointee.version
                }
            }
        }
    }
}
