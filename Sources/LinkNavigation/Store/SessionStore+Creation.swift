import Synchronization

extension SessionStore {
    /// Creates a session with a new random id: 128 bits from the system's CSPRNG, base64url-encoded
    /// without padding (22 characters).
    /// - Parameter attributes: The new session's attributes.
    /// - Returns: The new session, at version 1 with an empty stack.
    /// - Throws: ``SessionStoreError/sessionLimit`` when ``Configuration/maxSessions`` live sessions
    ///   are held (expired ones are swept first).
    public func create(attributes: SessionAttributes = [:]) throws(SessionStoreError) -> Session {
        let now = clock.now()
        try reservePlace(now: now)
        let slot = Slot(attributes: attributes, lastAccess: now)
        while true {
            let bits = SessionID.randomBits()
            // 128 bits of 0 mark a free bucket of the packed tables: drawn again (once in 2^128).
            if bits == PackedMemory.vacant { continue }
            let id = SessionID.encode(bits)
            let place = locate(.packed(bits))
            let inserted = place.shard.withLock { slots -> Bool in
                // A repeat of 128 random bits would mean a broken generator, and a client can choose
                // these bits only by guessing them: either way, never shadow or overwrite a session.
                guard slots.packed.find(bits, hash: place.hash) == nil,
                    slots.text.isEmpty || slots.text[TextSessionKey(id)] == nil
                else { return false }
                slots.packed.insert(bits, hash: place.hash, slot, hasher: hashers.minted)
                return true
            }
            if inserted { return Session(id: id, attributes: attributes) }
        }
    }

    /// The session with a client-chosen id (SPEC `sessions.client_ids`), created if there is no live
    /// one; an existing session is returned as it is and its idle time restarts.
    /// - Parameters:
    ///   - id: 1 to 128 characters of `A-Z`, `a-z`, `0-9`, `_` and `-`.
    ///   - attributes: The attributes of a session this call creates; ignored for an existing one.
    /// - Returns: The session, and whether this call created it.
    /// - Throws: ``SessionStoreError/invalidID`` for a malformed id, ``SessionStoreError/sessionLimit``
    ///   when a session must be created and ``Configuration/maxSessions`` live ones are held.
    public func getOrCreate(
        id: String,
        attributes: SessionAttributes = [:]
    ) throws(SessionStoreError) -> (session: Session, created: Bool) {
        guard let key = SessionKey(id) else { throw .invalidID }
        let now = clock.now()
        let place = locate(key)
        let existing = place.shard.withLock { slots in
            slots.withSlot(key, id: id, hash: place.hash, store: self) { slot in access(&slot, id: id, now: now) }
        }
        if let existing { return (existing, false) }

        // Reserve outside the shard's lock: at the limit, reserving sweeps every shard.
        try reservePlace(now: now)
        let new = Session(id: id, attributes: attributes)
        let slot = Slot(attributes: attributes, lastAccess: now)
        let raced = place.shard.withLock { slots in
            slots.withSlot(key, id: id, hash: place.hash, store: self) { current -> Session? in
                if let raced = access(&current, id: id, now: now) { return raced }
                current = slot
                return nil
            }
        }
        guard let raced else { return (new, true) }
        // Another thread created it between the two locks: give the reserved place back.
        held.subtract(1, ordering: .relaxed)
        return (raced, false)
    }

    /// Removes every expired session, one shard at a time (never holding two shards' locks).
    /// - Returns: How many sessions were removed.
    @discardableResult
    public func removeExpired() -> Int {
        removeExpired(now: clock.now())
    }

    func removeExpired(now: Int64) -> Int {
        var removed = 0
        var oldestAccess = now
        for index in 0..<shards.count {
            let (count, oldest) = shards[index].withLock { slots in
                slots.removeExpired(now: now, ttl: idleTTL, hashers: hashers)
            }
            if count > 0 { held.subtract(count, ordering: .relaxed) }
            removed += count
            oldestAccess = min(oldestAccess, oldest)
        }
        // Sessions touched or created since were accessed later, so none can expire sooner.
        let (expiry, overflow) = oldestAccess.addingReportingOverflow(idleTTL)
        earliestExpiry.store(overflow ? (idleTTL > 0 ? .max : .min) : expiry, ordering: .relaxed)
        return removed
    }

    /// Counts one more session in ``held`` unless that would pass ``Configuration/maxSessions``.
    ///
    /// At the limit, expired sessions are swept first, but only if one can have expired since the
    /// last sweep: a store full of live sessions refuses new ones without scanning them each time.
    func reservePlace(now: Int64) throws(SessionStoreError) {
        if tryReserve() { return }
        if now >= earliestExpiry.load(ordering: .relaxed) {
            _ = removeExpired(now: now)
            if tryReserve() { return }
        }
        throw .sessionLimit
    }

    private func tryReserve() -> Bool {
        let limit = configuration.maxSessions
        var current = held.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = held.compareExchange(
                expected: current,
                desired: current + 1,
                ordering: .relaxed
            )
            if exchanged { return true }
            current = original
        }
        return false
    }
}
