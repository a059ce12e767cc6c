internal import LinkRouting

/// A session id as the store keys it: 128 bits for ids in the store's own format, text otherwise.
///
/// Ids the store mints are 22 base64url characters; kept as two words in their shard's
/// ``SessionStore/PackedTable``, they cost no heap allocation, compare without following a pointer,
/// and hash as 16 bytes. An id in that form is looked up there first; a client-chosen one
/// (SPEC `sessions.client_ids`) is never put there, so that no client can choose what the table
/// holds (``MintedIDHasher``). Client-chosen ids of up to 16 characters (nearly all of them) are
/// packed too, into a table of their own hashed with a keyed SipHash (``ShortIDHasher``); longer
/// ones are kept in the shard's dictionary of text ids.
enum SessionKey {
    case packed(PackedID)
    /// An id of 1 to 16 characters (never one of the store's own, which have 22): its bytes in
    /// order, zero-padded to 16 (see ``pack(short:)``). No id byte is zero, so the padding tells
    /// the length and the packing is one to one.
    case short(PackedID)
    /// Any other id, by the hash that picks its shard (``textShardHash``): the text is the caller's
    /// id. No string inside, so the key is plain data, with nothing to release.
    case text(shardHash: UInt64)

    /// The key of `id`, or `nil` when `id` cannot name a session (it is not 1 to 128 characters of
    /// `A-Z`, `a-z`, `0-9`, `_` and `-`). The id's bytes are borrowed once for the decoding, the
    /// check and the hash.
    /// `borrowing`, with an explicit copy for the read: `mutate` holds its id `consuming` (it moves
    /// it into the lent session), and such a binding may not be copied implicitly.
    @inline(__always)
    init?(_ id: borrowing String) {
        let text = copy id
        // The string's own bytes, borrowed: no retain, no copy, and (unlike `utf8.span`) inlined.
        if let key = text.utf8.withContiguousStorageIfAvailable({ Self.key(bytes: $0) }) {
            guard let key else { return nil }
            self = key
            return
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        guard let key = contiguous.utf8.withContiguousStorageIfAvailable({ Self.key(bytes: $0) }) ?? nil else {
            return nil
        }
        self = key
    }

    /// The key of the id whose UTF-8 is `bytes`.
    @inline(__always)
    private static func key(bytes: UnsafeBufferPointer<UInt8>) -> SessionKey? {
        if let packed = SessionID.decode(bytes: bytes) { return .packed(packed) }
        guard SessionID.isValid(bytes: bytes) else { return nil }
        if bytes.count <= 16, let short = pack(short: bytes) { return .short(short) }
        return .text(shardHash: FNV1a.hash(bytes: bytes))
    }

    /// The bytes of an id of 1 to 16 bytes, in order from the low byte of `high`, zero-padded
    /// (``ByteWords``: a few loads, each within the id). `nil` for an empty or longer id.
    @inline(__always)
    static func pack(short bytes: UnsafeBufferPointer<UInt8>) -> PackedID? {
        let count = bytes.count
        guard count > 0, count <= 16, let base = bytes.baseAddress else { return nil }
        let words = ByteWords.load(base, count: count)
        // The id's first eight bytes are the packed form's `high` word, as in a minted id.
        return PackedID(high: words.low, low: words.high)
    }

    /// Picks the shard of a text key: not keyed, as an attacker choosing ids can at worst crowd one
    /// shard's lock; each shard's dictionary hashes text keys with the process's random seed. Packed
    /// keys are placed by ``MintedIDHasher``, whether the store minted them or a client chose them.
    @inline(__always)
    var textShardHash: UInt64 {
        guard case .text(let shardHash) = self else { return 0 }
        return shardHash
    }
}

/// 128 bits of a session id, most significant first: the key of an id in the store's own format.
struct PackedID: Hashable, Sendable {
    let high: UInt64
    let low: UInt64
}
