internal import LinkNavigation

/// Entries already written in one navigation answer and where their JSON lies: the destination
/// appears in the stack, in its `push` and in the mediation, and is rendered once; its params are
/// copied into the mediation's payload.
///
/// The memo records each entry by its bits only (``Identity``), without owning it: no retain or
/// release per entry written or looked up. That is sound only while every entry it recorded stays
/// alive, so that no other string or params array can take the address of one of theirs and
/// match its bits. ``JSONWriter/navigationAnswer(_:version:_:dryRun:extra:)`` gives it only
/// entries of the outcome it borrows for its whole run (its stack, its transition's ops, its
/// mediation), and the memo does not outlive that run.
///
/// The first ``roomCount`` entries go into stack memory the caller lends (``JSONWriter/withMemo(_:)``);
/// later ones are not remembered, and are written out again where they repeat (the same text, at
/// more cost). An answer writes a handful of distinct entries: the memo allocates nothing.
struct EntryMemo: ~Copyable {
    /// The bits of a ``StackEntry``: its id's word, its screen's string words and the word that
    /// packs its params' storage and its presentation. Two live entries with equal bits are copies
    /// of one value (the same id, the same string storage or the same small string, the same
    /// params storage, the same presentation) and are written to the same bytes. `==` on entries is looser: canonically
    /// equivalent strings and `-0.0` and `0.0` compare equal, and would let one entry's text stand
    /// for another's.
    ///
    /// The bits `StackEntry.sameBits` compares in the resolver, read here in this module: shared
    /// through LinkNavigation, the reads and comparisons stayed calls, about 500 instructions more
    /// per navigate.
    struct Identity: Equatable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        /// The bits of `entry`, or `nil` where an entry is not four words (then nothing is
        /// remembered, and every entry is written out).
        @inline(__always)
        init?(_ entry: borrowing StackEntry) {
            guard MemoryLayout<StackEntry>.size == MemoryLayout<(UInt64, UInt64, UInt64, UInt64)>.size
            else { return nil }
            // Reads the entry's bytes in place; nothing is retained, nothing is kept but the bits.
            words = withUnsafeBytes(of: entry) {
                $0.loadUnaligned(as: (UInt64, UInt64, UInt64, UInt64).self)
            }
        }

        /// The bits of the entry at `index` of `entries`, read where it lies: unlike a copy of the
        /// entry out of the array, this retains nothing. `nil` for an index out of range, or
        /// where an entry is not four words.
        @inline(__always)
        init?(at index: Int, of entries: [StackEntry]) {
            guard MemoryLayout<StackEntry>.size == MemoryLayout<(UInt64, UInt64, UInt64, UInt64)>.size,
                index >= 0, index < entries.count
            else { return nil }
            // Only the entry's bytes are read, within the array's storage, which `entries` keeps
            // alive for the call.
            words = entries.withUnsafeBytes {
                $0.loadUnaligned(
                    fromByteOffset: index &* MemoryLayout<StackEntry>.stride,
                    as: (UInt64, UInt64, UInt64, UInt64).self
                )
            }
        }

        @inline(__always)
        static func == (lhs: Identity, rhs: Identity) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3
        }
    }

    /// One written entry: plain bits and offsets, nothing to retain or destroy.
    struct Written {
        let identity: Identity
        /// The entry's JSON.
        let range: Range<Int>
        /// Its params object's JSON.
        let params: Range<Int>
        /// Its screen's row (held by the rendering), `nil` for a screen the table does not have.
        let row: ScreenRow?
    }

    /// Entries the lent room holds. (Sixteen, over a kilobyte, came from the heap: some 800
    /// instructions more per answer.)
    static let roomCount = 8

    /// The route's params and where their object's JSON lies: written before any entry, and
    /// repeated for an entry that holds them.
    struct RouteParams {
        /// The word of the params' storage: equal bits are one storage while both are alive, as
        /// the outcome's route params and entries are.
        let bits: UInt64
        let text: Range<Int>

        /// `nil` where params are not one word (then no entry repeats them).
        @inline(__always)
        init?(_ params: EntryParams, at text: Range<Int>) {
            guard MemoryLayout<EntryParams>.size == MemoryLayout<UInt64>.size else { return nil }
            bits = unsafeBitCast(params, to: UInt64.self)
            self.text = text
        }

        /// Whether `params` are these very params (the same storage).
        @inline(__always)
        func hold(_ params: EntryParams) -> Bool {
            MemoryLayout<EntryParams>.size == MemoryLayout<UInt64>.size
                && unsafeBitCast(params, to: UInt64.self) == bits
        }
    }

    /// An entry the transition hands params to (SPEC §5 `payload`): its screen's row and where
    /// its params object's JSON lies. Plain bits, as ``Written``.
    struct Handed {
        let row: ScreenRow
        let params: Range<Int>
    }

    /// `room[0..<count]` is initialised.
    private let room: UnsafeMutableBufferPointer<Written>
    private var count = 0
    /// `handed[0..<handedCount]` is initialised: the transition's payload entries, in order.
    private let handed: UnsafeMutableBufferPointer<Handed>
    private(set) var handedCount = 0
    /// Whether `handed` holds every entry of a transition written through this memo: set when one
    /// starts, cleared by an entry that `handed` cannot hold (past its room, of a screen the table
    /// does not have, or written without the memo), and by ``endHanding()`` once a mediation has
    /// read them, so that no later mediation takes them for its own.
    private(set) var handedAll = false
    /// The route's params, if written.
    let routeParams: RouteParams?

    init(
        room: UnsafeMutableBufferPointer<Written>,
        handed: UnsafeMutableBufferPointer<Handed>,
        routeParams: RouteParams? = nil
    ) {
        self.room = room
        self.handed = handed
        self.routeParams = routeParams
    }

    /// Starts recording a transition's payload entries (``hand(_:)``).
    mutating func startHanding() {
        handedCount = 0
        handedAll = true
    }

    /// Forgets the transition's payload entries: the mediation made from that transition has
    /// been written, and the next one may be another's.
    mutating func endHanding() {
        handedCount = 0
        handedAll = false
    }

    /// Records the next entry the transition hands params to, as `written` (`nil` for one written
    /// without the memo).
    mutating func hand(_ written: Written?) {
        guard handedAll, let written, let row = written.row, handedCount < handed.count,
            let base = handed.baseAddress
        else {
            handedAll = false
            return
        }
        // `Handed` is trivial: the room needs no deinitialisation when the memo ends.
        (base + handedCount).initialize(to: Handed(row: row, params: written.params))
        handedCount += 1
    }

    /// The payload entry at `index` of those handed, or `nil` where a later one is of the same
    /// screen: the payload keeps one member per screen, the last. (Equal rows are one screen: the
    /// rendering has one per name.)
    func payloadMember(at index: Int) -> Handed? {
        let member = handed[index]
        for later in (index + 1)..<handedCount where handed[later].row.isSame(as: member.row) {
            return nil
        }
        return member
    }

    /// Remembers `written`, unless the room is full.
    mutating func append(_ written: Written) {
        guard count < room.count, let base = room.baseAddress else { return }
        // `Written` is trivial: the room needs no deinitialisation when the memo ends.
        (base + count).initialize(to: written)
        count += 1
    }

    /// What was written for the entry with these bits, if it was.
    @inline(__always)  // a short scan, where the call cost a third of it
    func written(_ identity: Identity) -> Written? {
        for index in 0..<count where room[index].identity == identity { return room[index] }
        return nil
    }
}

extension JSONWriter {
    /// Runs `body` with an empty memo whose first entries live on the stack, and that knows the
    /// route's params. Every entry given to the memo, and the route's params, must stay alive until
    /// `body` returns (see ``EntryMemo``).
    mutating func withMemo(
        routeParams: EntryMemo.RouteParams? = nil,
        _ body: (inout JSONWriter, inout EntryMemo) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: EntryMemo.Written.self, capacity: EntryMemo.roomCount) { room in
            withUnsafeTemporaryAllocation(of: EntryMemo.Handed.self, capacity: EntryMemo.roomCount) { handed in
                var memo = EntryMemo(room: room, handed: handed, routeParams: routeParams)
                body(&self, &memo)
            }
        }
    }

    /// Writes `entry`, or copies its JSON when the memo has this very entry already; returns what
    /// was written (`nil` for an entry the memo cannot know).
    @inline(__always)  // into each caller, which then reads the entry where it lies
    @discardableResult
    mutating func entry(
        _ entry: StackEntry,
        _ rendering: NavigationRendering,
        memo: inout EntryMemo
    ) -> EntryMemo.Written? {
        guard let identity = EntryMemo.Identity(entry) else {
            self.entry(entry, rendering)
            return nil
        }
        if let seen = memo.written(identity) {
            repeatValue(seen.range)
            return seen
        }
        return newEntry(entry, identity, rendering, memo: &memo)
    }

    /// Writes the entry at `index` of `entries`, or copies its JSON when the memo has this very
    /// entry already, as ``entry(_:_:memo:)``; the memo is asked first, from the entry's bits
    /// where it lies, so that an entry written before is not copied out of the array (a copy
    /// retains its screen's name and its params, and releases them). With `handing`, what was
    /// written is also handed to the memo (``EntryMemo/hand(_:)``) where it lies, rather than
    /// returned and handed by the caller (a record of nine words and a tag moved through memory).
    @inline(__always)  // into each caller, which then reads the entry where it lies; `handing` is a constant
    @discardableResult
    mutating func entry(
        at index: Int,
        of entries: [StackEntry],
        _ rendering: NavigationRendering,
        memo: inout EntryMemo,
        handing: Bool = false
    ) -> EntryMemo.Written? {
        let written: EntryMemo.Written?
        if let identity = EntryMemo.Identity(at: index, of: entries) {
            if let seen = memo.written(identity) {
                repeatValue(seen.range)
                written = seen
            } else {
                written = newEntry(at: index, of: entries, identity, rendering, memo: &memo)
            }
        } else {
            written = entry(entries[index], rendering, memo: &memo)
        }
        if handing { memo.hand(written) }
        return written
    }

    /// Writes the entry at `index` of `entries`, whose bits are `identity` and which the memo
    /// does not have, and records it.
    @inline(__always)  // into each caller, which then reads the entry where it lies
    @discardableResult
    mutating func newEntry(
        at index: Int,
        of entries: [StackEntry],
        _ identity: EntryMemo.Identity,
        _ rendering: NavigationRendering,
        memo: inout EntryMemo
    ) -> EntryMemo.Written {
        var params = 0..<0
        var row: ScreenRow?
        let route = memo.routeParams
        let range = recordValue { writer in
            // The entry read where it lies in the array, which `entries` keeps alive for the call.
            entries.withUnsafeBufferPointer { stack in
                guard let base = stack.baseAddress else { return }
                writer.entry(at: base + index, rendering, params: &params, row: &row, route: route)
            }
        }
        let written = EntryMemo.Written(identity: identity, range: range, params: params, row: row)
        memo.append(written)
        return written
    }

    /// Writes `entry`, whose bits are `identity` and which the memo does not have, and records it.
    @inline(__always)
    private mutating func newEntry(
        _ entry: StackEntry,
        _ identity: EntryMemo.Identity,
        _ rendering: NavigationRendering,
        memo: inout EntryMemo
    ) -> EntryMemo.Written {
        var params = 0..<0
        var row: ScreenRow?
        let route = memo.routeParams
        let range = recordValue { $0.entry(entry, rendering, params: &params, row: &row, route: route) }
        let written = EntryMemo.Written(identity: identity, range: range, params: params, row: row)
        memo.append(written)
        return written
    }
}
