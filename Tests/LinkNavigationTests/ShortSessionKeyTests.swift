import Testing

@testable import LinkNavigation

/// Client-chosen ids of up to 16 characters: packed one to one into 16 bytes, hashed with a keyed
/// SipHash, and kept in a table of their own beside the minted ids and the longer text ids.
@Suite struct ShortSessionKeyTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)

    /// An id of `count` characters, varied with `salt`.
    static func id(_ count: Int, salt: Int = 0) -> String {
        String(decoding: (0..<count).map { alphabet[($0 &* 7 &+ salt) % alphabet.count] }, as: UTF8.self)
    }

    static func key(_ id: String) -> SessionKey? { SessionKey(id) }

    /// The 16 bytes a short key holds, in order.
    static func bytes(_ id: PackedID) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: id.high >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: id.low >> (8 * $0)) }
    }

    @Test func everyLengthPacksItsBytesInOrderZeroPadded() {
        for count in 1...16 {
            let text = Self.id(count, salt: count)
            guard case .short(let packed) = Self.key(text) else {
                Issue.record("length \(count) is not a short key")
                continue
            }
            #expect(Self.bytes(packed) == Array(text.utf8) + Array(repeating: 0, count: 16 - count), "length \(count)")
        }
    }

    @Test func longerIDsAndMintedOnesAreNotShort() {
        if case .short = Self.key(Self.id(17)) { Issue.record("17 characters packed as short") }
        if case .text = Self.key(Self.id(17)) {} else { Issue.record("17 characters not a text key") }
        if case .packed = Self.key("AAECAwQFBgcICQoLDA0ODw") {} else { Issue.record("a minted id not packed") }
    }

    @Test func keyedHashesDependOnTheKeyAndEveryWord() {
        let id = PackedID(high: 0x6162_6364, low: 0)
        let hasher = ShortIDHasher(k0: 1, k1: 2)
        #expect(hasher.hash(id) == ShortIDHasher(k0: 1, k1: 2).hash(id))
        #expect(hasher.hash(id) != ShortIDHasher(k0: 1, k1: 3).hash(id))
        #expect(hasher.hash(id) != ShortIDHasher(k0: 0, k1: 2).hash(id))
        #expect(hasher.hash(id) != hasher.hash(PackedID(high: 0x6162_6365, low: 0)))
        #expect(hasher.hash(id) != hasher.hash(PackedID(high: 0x6162_6364, low: 1)))
        // One byte changed anywhere moves the low 32 bits (a bucket's tag) too.
        var tags = Set<UInt64>()
        for byte in 0..<16 {
            var bytes = Self.bytes(id)
            bytes[byte] ^= 0x20
            let high = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[$1]) << (8 * $1) }
            let low = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[8 + $1]) << (8 * $1) }
            tags.insert(hasher.hash(PackedID(high: high, low: low)) & 0xFFFF_FFFF)
        }
        #expect(tags.count == 16)
    }

    /// Many short ids in few shards: each is created once, found again after the others, updated,
    /// deleted and expired on its own, whatever its length.
    @Test func storeKeepsShortIDsApart() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60), shardCount: 2)
        let ids = (1...16).flatMap { count in (0..<40).map { Self.id(count, salt: $0) } }
        let distinct = Array(Set(ids)).sorted()
        for id in distinct { #expect(try store.getOrCreate(id: id).created, "\(id)") }
        #expect(store.count == distinct.count)
        for (n, id) in distinct.enumerated() {
            let (_, version) = try store.mutate(id) { $0.attributes["n"] = .number(Double(n)) }
            #expect(version == 2)
        }
        for (n, id) in distinct.enumerated() {
            #expect(store.session(id)?.attributes == ["n": .number(Double(n))], "\(id)")
            #expect(store.session(id)?.id == id)
        }
        // A prefix or an extension of a stored id is another id.
        #expect(store.session("s") == nil || distinct.contains("s"))
        for id in distinct.prefix(100) {
            #expect(store.session(id + "x") == nil || distinct.contains(id + "x"))
        }
        let deleted = distinct.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        for id in deleted { #expect(store.delete(id)) }
        for id in deleted { #expect(store.session(id) == nil) }
        let kept = distinct.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        for id in kept { #expect(store.session(id) != nil, "\(id)") }
        clock.advance(by: .seconds(30))
        for id in kept.prefix(10) { _ = store.session(id) }
        clock.advance(by: .seconds(31))
        #expect(store.removeExpired() == kept.count - 10)
        for id in kept.prefix(10) { #expect(store.session(id) != nil, "\(id)") }
        #expect(store.count == 10)
        clock.advance(by: .seconds(61))
        #expect(throws: SessionStoreError.noSession) { try store.mutate(kept[0]) { _ in } }
        #expect(store.count == 9)
    }
}
