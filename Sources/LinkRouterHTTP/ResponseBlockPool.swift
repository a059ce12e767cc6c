import Synchronization
import ThreadSanitizerHooks

/// Spare response blocks: an answer's block is taken from here and given back once libmicrohttpd
/// has sent it, instead of a `malloc` and a `free` per request. A navigate answer is a kilobyte or
/// two, beyond glibc's per-thread cache (blocks up to 1,032 bytes): each such `malloc` and `free`
/// took the allocator's slower, locked path, and a writer that outgrew its first block paid for
/// two blocks and a copy.
///
/// Every pooled block has room for ``blockCapacity`` bytes, so an answer up to that size never
/// grows its block. At most ``limit`` blocks are kept (a megabyte): as many as answers in flight
/// at once, which the connection limit bounds; a block beyond that is freed.
final class ResponseBlockPool: Sendable {
    /// The one pool every server and writer of the process shares.
    static let shared = ResponseBlockPool()

    /// Room in each pooled block: 4 KiB with the block's header.
    static let blockCapacity = 4_064
    /// Requests for less than this get a block of their own (a writer of a few pre-rendered
    /// tokens, say): a pooled block would be mostly empty.
    static let smallestServed = 256
    /// How many spare blocks are kept at most.
    static let limit = 256

    private let spare: SanitizedMutex<[Spare]>
    /// One spare block before the others, taken and given back with one atomic operation each
    /// where the list takes a lock and an unlock: answers sent one after another (on a connection,
    /// on a thread) each find there the block the one before gave back. Holds the address of the
    /// pool's unmanaged reference, 0 for none; it counts in ``limit``.
    private let first = Atomic<UInt>(0)

    /// A block no one else holds, which may go to any thread.
    private struct Spare: @unchecked Sendable {
        // @unchecked: `ManagedBuffer` is not Sendable; a block is given to the pool only when
        // its one holder lets it go (`giveBack` checks), and taken from it by one thread.
        /// The pool's reference, moved in from the giver and out to the taker (or released by
        /// `deinit`): unmanaged, so that moving it into and out of the array retains and
        /// releases nothing.
        let block: Unmanaged<ResponseBytes.Storage>
    }

    init() {
        var blocks: [Spare] = []
        blocks.reserveCapacity(Self.limit)
        spare = SanitizedMutex(blocks)
    }

    deinit {
        // The shared pool lasts as long as the process; another one lets its blocks go here.
        spare.withLock { blocks in
            for kept in blocks { kept.block.release() }
        }
        Self.block(at: first.load(ordering: .acquiring))?.release()
    }

    /// The block whose address is `bits`, as ``first`` holds it; `nil` for 0.
    private static func block(at bits: UInt) -> Unmanaged<ResponseBytes.Storage>? {
        UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) }
    }

    /// Whether a block for `capacity` bytes comes from the pool.
    static func serves(_ capacity: Int) -> Bool {
        capacity >= smallestServed && capacity <= blockCapacity
    }

    /// A spare block, empty, or `nil` when there is none.
    func take() -> ResponseBytes.Storage? {
        let block: ResponseBytes.Storage
        if let kept = Self.block(at: first.exchange(0, ordering: .acquiringAndReleasing)) {
            block = kept.takeRetainedValue()
        } else {
            guard let kept = spare.withLock({ $0.popLast() })?.block.takeRetainedValue() else { return nil }
            block = kept
        }
        block.withUnsafeMutablePointerToHeader { $0.pointee.count = 0 }
        return block
    }

    /// Keeps `block` for a later answer if it is a pooled block that no one else holds (it is not
    /// written again while anyone could read it) and the pool has room; returns whether it did.
    /// The caller's reference moves into the pool: kept, the block is neither retained nor released.
    @discardableResult
    func giveBack(_ block: consuming ResponseBytes.Storage) -> Bool {
        guard isKnownUniquelyReferenced(&block),
            block.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) == Self.blockCapacity
        else { return false }
        // The caller's reference, moved into the pool's own: kept, or released here.
        let kept = Spare(block: Unmanaged.passRetained(consume block))
        let address = UInt(bitPattern: kept.block.toOpaque())
        if first.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged {
            return true
        }
        let isKept = spare.withLock { blocks in
            // The first block counts in the limit.
            guard blocks.count < Self.limit - 1 else { return false }
            blocks.append(kept)
            return true
        }
        if !isKept { kept.block.release() }
        return isKept
    }

    /// How many spare blocks the pool holds.
    var count: Int { spare.withLock { $0.count } + (first.load(ordering: .acquiring) != 0 ? 1 : 0) }

    /// Whether `block` is one of the spare blocks.
    func holds(_ block: ResponseBytes.Storage) -> Bool {
        let wanted = ObjectIdentifier(block)
        if first.load(ordering: .acquiring) == UInt(bitPattern: Unmanaged.passUnretained(block).toOpaque()) {
            return true
        }
        return spare.withLock { $0.contains { ObjectIdentifier($0.block.takeUnretainedValue()) == wanted } }
    }
}
