import Synchronization

/// The daemon's sessions, held in memory and safe to use from many threads at once (SPEC §6).
///
/// Sessions are spread over ``Configuration/shardCount`` shards by their id; each shard is a `Mutex`
/// around its sessions, so calls on sessions of different shards do not wait for each other, and
/// every call on one session is atomic. Nothing is async: libmicrohttpd's threads call in directly
/// (ARCHITECTURE.md rule 9). No call holds more than one shard's lock at a time.
///
/// A session lives until it is deleted or goes unused for ``Configuration/idleTTL``; every access
/// refreshes it. An expired session counts as absent at once and is removed when next touched or
/// by ``removeExpired()``. Its ``Session/version`` starts at 1 and the store adds 1 whenever
/// ``update(_:expectedVersion:_:)`` changes it.
public final class SessionStore: Sendable {
    /// The settings the store was made with.
    public let configuration: Configuration
    let shards: ShardTable
    /// `shards.count - 1`, the count being a power of two.
    let shardMask: UInt64
    let idleTTL: Int64
    let clock: TimeSource
    /// Hash packed ids once for both the shard and the bucket in its table: minted ids with one
    /// key, short client-chosen ids with another.
    let hashers: Hashers
    /// Sessions held, expired ones included until they are removed; new sessions reserve a place here
    /// first, so that the limit is never exceeded without locking every shard to count.
    let held = Atomic<Int>(0)
    /// No session held can expire before this time (``TimeSource`` milliseconds), as of the last
    /// sweep: creating at the limit sweeps only once it has passed (see `reservePlace(now:)`).
    let earliestExpiry = Atomic<Int64>(.min)

    /// Creates an empty store.
    /// - Parameters:
    ///   - configuration: Idle TTL, session limit and shard count.
    ///   - clock: Where the store reads the time; tests pass a manual one.
    public init(configuration: Configuration = Configuration(), clock: TimeSource = .coarseMonotonic) {
        self.configuration = configuration
        let count = configuration.effectiveShardCount
        hashers = Hashers(minted: MintedIDHasher(), short: ShortIDHasher())
        shards = ShardTable(count: count)
        shardMask = UInt64(count - 1)
        idleTTL = configuration.idleTTLMilliseconds
        self.clock = clock
    }

    /// The number of sessions held. Expired sessions count until they are removed (on their next
    /// access or by ``removeExpired()``).
    public var count: Int { held.load(ordering: .relaxed) }

    /// Where a key's session lives: its shard, and the hash its shard's table finds it by.
    struct Located {
        /// Valid while the store lives, which every call on it guarantees.
        let shard: UnsafeMutablePointer<Shard>
        /// ``MintedIDHasher/hash(_:)`` of a packed id, ``ShortIDHasher/hash(_:)`` of a short one;
        /// unused for text ids (their dictionary hashes them).
        let hash: UInt64
    }

    /// Hashes `key` once: the bits from 40 up pick the shard, the low bits the bucket in its table.
    @inline(__always)
    func locate(_ key: SessionKey) -> Located {
        let hash =
            switch key {
            case .packed(let id): hashers.minted.hash(id)
            case .short(let id): hashers.short.hash(id)
            case .text: key.textShardHash << 40
            }
        return Located(shard: shards[Int(truncatingIfNeeded: (hash >> 40) & shardMask)], hash: hash)
    }

    /// A copy of the session, or `nil` when there is no live session with this id. Refreshes its
    /// last access.
    /// - Parameter id: The session's id.
    /// - Returns: The session as stored, or `nil`; an expired session is removed and counts as absent.
    public func session(_ id: String) -> Session? {
        guard let key = SessionKey(id) else { return nil }
        let now = clock.now()
        let place = locate(key)
        var expired = false
        let session = place.shard.withLock { slots in
            slots.withLiveSlot(
                key,
                id: { id },
                hash: place.hash,
                store: self,
                now: now,
                ttl: idleTTL,
                expired: &expired
            ) { slot in
                slot.lastAccess = now
                return slot.session(id: id)
            }
        }
        if expired { held.subtract(1, ordering: .relaxed) }
        return session
    }

    /// Reads a slot under its shard's lock: refreshes a live one, removes an expired one.
    /// - Returns: The live session, or `nil`.
    @inline(__always)
    func access(_ slot: inout Slot?, id: String, now: Int64) -> Session? {
        guard let isExpired = slot?.isExpired(at: now, ttl: idleTTL) else { return nil }
        if isExpired {
            slot = nil
            held.subtract(1, ordering: .relaxed)
            return nil
        }
        slot?.lastAccess = now
        return slot?.session(id: id)
    }

    /// Ends a session.
    /// - Parameter id: The session's id.
    /// - Returns: Whether a live session was removed (`false` for an unknown or expired id).
    @discardableResult
    public func delete(_ id: String) -> Bool {
        guard let key = SessionKey(id) else { return false }
        let now = clock.now()
        let place = locate(key)
        let removed = place.shard.withLock { slots -> Slot? in
            slots.withSlot(key, id: id, hash: place.hash, store: self) { slot in slot.take() }
        }
        guard let removed else { return false }
        held.subtract(1, ordering: .relaxed)
        return !removed.isExpired(at: now, ttl: idleTTL)
    }
}
