import LinkRouting
import Synchronization
import Testing

@testable import LinkNavigation

/// A time source that moves only when told: TTL tests never sleep.
final class StoreTestClock: Sendable {
    private let milliseconds = Atomic<Int64>(1_000_000)

    var source: SessionStore.TimeSource {
        SessionStore.TimeSource { [self] in milliseconds.load(ordering: .relaxed) }
    }

    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds.add(seconds * 1000 + attoseconds / 1_000_000_000_000_000, ordering: .relaxed)
    }
}

/// A store on a manual clock.
func makeStore(
    idleTTL: Duration = .seconds(60),
    maxSessions: Int = 1_000_000,
    shardCount: Int = 16
) -> (SessionStore, StoreTestClock) {
    let clock = StoreTestClock()
    let configuration = SessionStore.Configuration(idleTTL: idleTTL, maxSessions: maxSessions, shardCount: shardCount)
    return (SessionStore(configuration: configuration, clock: clock.source), clock)
}

/// A 3-screen stack for sessions under test.
func storeTestStack(product id: Int64) -> [StackEntry] {
    [
        StackEntry(id: "e1", screen: "home", params: [:], presentation: .root),
        StackEntry(id: "e2", screen: "catalog", params: [:], presentation: .push),
        StackEntry(id: "e3", screen: "product", params: ["id": .int(id), "ref": .string("mail")], presentation: .push),
    ]
}

@Suite struct SessionStoreIDTests {
    static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func generatedIDsAre22URLSafeCharactersAndDistinct() throws {
        let (store, _) = makeStore()
        var ids = Set<String>()
        for _ in 0..<10_000 {
            let session = try store.create()
            #expect(session.id.count == 22)
            #expect(session.id.allSatisfy(Self.alphabet.contains))
            ids.insert(session.id)
        }
        #expect(ids.count == 10_000)
        #expect(store.count == 10_000)
        // The last character carries 2 bits, followed by four zero bits: one of A, Q, g, w.
        #expect(ids.allSatisfy { "AQgw".contains($0.last ?? " ") })
    }

    @Test func encodingMatchesBase64URLVectors() {
        // RFC 4648 base64 of 00 01 ... 0f is "AAECAwQFBgcICQoLDA0ODw=="; of sixteen ff, "/////////////////////w==".
        let counting = PackedID(high: 0x0001_0203_0405_0607, low: 0x0809_0A0B_0C0D_0E0F)
        #expect(SessionID.encode(counting) == "AAECAwQFBgcICQoLDA0ODw")
        #expect(SessionID.encode(PackedID(high: .max, low: .max)) == "_____________________w")
        #expect(SessionID.encode(PackedID(high: 0, low: 0)) == "AAAAAAAAAAAAAAAAAAAAAA")
        #expect(SessionID.decode("AAECAwQFBgcICQoLDA0ODw") == counting)
    }

    @Test func decodingInvertsEncoding() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let bits = PackedID(high: generator.next(), low: generator.next())
            #expect(SessionID.decode(SessionID.encode(bits)) == bits)
        }
    }

    @Test func decodingTableMatchesTheAlphabet() {
        for byte in 0...255 {
            let expected = SessionID.value(of: UInt8(byte)) ?? .max
            #expect(SessionID.values[byte] == expected, "byte \(byte)")
        }
    }

    @Test func oneBadCharacterAnywhereIsRefused() {
        let good = Array(SessionID.encode(PackedID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)).utf8)
        for position in good.indices {
            for bad in [UInt8(ascii: "."), UInt8(ascii: "="), 0x00, 0x7F, 0xFF] {
                var text = good
                text[position] = bad
                #expect(SessionID.decode(String(decoding: text, as: UTF8.self)) == nil, "\(position) \(bad)")
            }
        }
    }

    @Test(arguments: [
        "AAECAwQFBgcICQoLDA0ODx",  // last character with non-zero unused bits
        "AAECAwQFBgcICQoLDA0OD",  // 21 characters
        "AAECAwQFBgcICQoLDA0ODwA",  // 23 characters
        "AAECAwQFBgcICQoLDA0O.w",  // outside the alphabet
        "AAECAwQFBgcICQoLDA0Oéw",
    ])
    func decodingRefusesOtherText(_ text: String) {
        #expect(SessionID.decode(text) == nil)
    }

    @Test(arguments: ["", "a b", "a/b", "a.b", "é", "a\u{0}", String(repeating: "a", count: 129)])
    func malformedClientIDsAreRefused(_ id: String) {
        let (store, _) = makeStore()
        #expect(throws: SessionStoreError.invalidID) { try store.getOrCreate(id: id) }
        #expect(store.count == 0)
        #expect(store.session(id) == nil)
    }

    @Test(arguments: ["a", "Z", "user-42_x", "AAECAwQFBgcICQoLDA0ODw", String(repeating: "a", count: 128)])
    func clientIDsAreCreatedOnceThenReturnedAsTheyAre(_ id: String) throws {
        let (store, _) = makeStore()
        let (created, wasCreated) = try store.getOrCreate(id: id, attributes: ["plan": .string("pro")])
        #expect(wasCreated)
        #expect(created.id == id)
        #expect(created.version == 1)
        #expect(created.attributes == ["plan": .string("pro")])
        _ = try store.update(id) { $0.attributes["seen"] = .bool(true) }

        let (again, createdAgain) = try store.getOrCreate(id: id, attributes: ["plan": .string("free")])
        #expect(!createdAgain)
        #expect(again.version == 2)
        #expect(again.attributes == ["plan": .string("pro"), "seen": .bool(true)])
        #expect(store.session(id) == again)
        #expect(store.count == 1)
        #expect(store.delete(id))
        #expect(store.session(id) == nil)
    }

    @Test func unknownIDsAreAbsent() throws {
        let (store, _) = makeStore()
        let known = try store.create()
        for id in ["nope", "", "AAECAwQFBgcICQoLDA0ODw", "a b", String(known.id.dropLast()) + "B"] {
            #expect(store.session(id) == nil)
            #expect(throws: SessionStoreError.noSession) { try store.update(id) { $0.attributes["x"] = .bool(true) } }
            #expect(!store.delete(id))
        }
        #expect(store.session(known.id) == known)
    }
}

@Suite struct SessionStoreLifetimeTests {
    @Test func sessionsExpireAfterTheIdleTTL() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let first = try store.create()
        let second = try store.create()
        clock.advance(by: .milliseconds(59_999))
        #expect(store.session(first.id) != nil)
        clock.advance(by: .milliseconds(1))
        // `second` has now been idle for exactly the TTL; `first` was just read.
        #expect(store.session(second.id) == nil)
        #expect(store.session(first.id) != nil)
        #expect(store.count == 1)
    }

    @Test func everyAccessRefreshesTheIdleTime() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let session = try store.create()
        for _ in 0..<5 {
            clock.advance(by: .seconds(50))
            _ = try store.update(session.id) { _ in }
        }
        for _ in 0..<5 {
            clock.advance(by: .seconds(50))
            #expect(store.session(session.id) != nil)
        }
        for _ in 0..<5 {
            clock.advance(by: .seconds(50))
            #expect(!(try store.getOrCreate(id: session.id).created))
        }
        clock.advance(by: .seconds(60))
        #expect(store.session(session.id) == nil)
    }

    @Test func aFailedUpdateStillCountsAsAccess() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let session = try store.create()
        clock.advance(by: .seconds(50))
        #expect(throws: SessionStoreError.versionConflict(expected: 9, actual: 1)) {
            try store.update(session.id, expectedVersion: 9) { _ in }
        }
        clock.advance(by: .seconds(50))
        #expect(store.session(session.id) != nil)
    }

    @Test func expiredSessionsCountAsAbsentEverywhere() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let updated = try store.create()
        let deleted = try store.create()
        let recreated = try store.getOrCreate(id: "client-1").session
        clock.advance(by: .seconds(61))
        #expect(throws: SessionStoreError.noSession) { try store.update(updated.id) { _ in } }
        #expect(!store.delete(deleted.id))
        let (fresh, created) = try store.getOrCreate(id: recreated.id, attributes: ["new": .bool(true)])
        #expect(created)
        #expect(fresh.attributes == ["new": .bool(true)])
        #expect(store.count == 1)
    }

    @Test func removeExpiredRemovesOnlyIdleSessions() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60))
        let sessions = try (0..<5).map { _ in try store.create() }
        _ = try store.getOrCreate(id: "client-chosen")
        clock.advance(by: .seconds(30))
        _ = store.session(sessions[0].id)
        _ = try store.update(sessions[1].id) { $0.attributes["a"] = .number(1) }
        clock.advance(by: .seconds(31))
        #expect(store.removeExpired() == 4)
        #expect(store.count == 2)
        #expect(store.session(sessions[0].id) != nil)
        #expect(store.session(sessions[1].id) != nil)
        #expect(store.session("client-chosen") == nil)
        #expect(store.removeExpired() == 0)
    }

    @Test func deleteEndsASession() throws {
        let (store, _) = makeStore()
        let session = try store.create()
        #expect(store.delete(session.id))
        #expect(!store.delete(session.id))
        #expect(store.session(session.id) == nil)
        #expect(store.count == 0)
    }
}

@Suite struct SessionStoreLimitTests {
    @Test func creatingBeyondTheLimitFails() throws {
        let (store, _) = makeStore(maxSessions: 3)
        let sessions = try (0..<3).map { _ in try store.create() }
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }
        #expect(throws: SessionStoreError.sessionLimit) { try store.getOrCreate(id: "one-more") }
        // An existing client id is not a new session.
        #expect(store.delete(sessions[2].id))
        _ = try store.getOrCreate(id: "mine")
        #expect(!(try store.getOrCreate(id: "mine").created))
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }
        #expect(store.count == 3)
    }

    @Test func expiredSessionsStopCountingOnceSwept() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60), maxSessions: 2)
        let old = try (0..<2).map { _ in try store.create() }
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }
        clock.advance(by: .seconds(60))
        #expect(store.count == 2)  // held until swept
        let new = try store.create()  // at the limit: the expired two are swept first
        #expect(store.count == 1)
        #expect(old.allSatisfy { store.session($0.id) == nil })
        #expect(store.session(new.id) != nil)
        _ = try store.create()
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }
    }

    @Test func aFullStoreSweepsOnlyOnceASessionCanHaveExpired() throws {
        let (store, clock) = makeStore(idleTTL: .seconds(60), maxSessions: 2)
        let first = try store.create()
        let start = clock.source.milliseconds()
        clock.advance(by: .seconds(30))
        _ = try store.create()
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }  // sweeps: nothing expired
        // No session held can expire before `first` does: until then, refusals scan nothing.
        #expect(store.earliestExpiry.load(ordering: .relaxed) == start + 60_000)
        clock.advance(by: .milliseconds(29_999))
        #expect(throws: SessionStoreError.sessionLimit) { try store.create() }
        clock.advance(by: .milliseconds(1))
        let third = try store.create()  // `first` expired: swept, its place reused
        #expect(store.session(first.id) == nil)
        #expect(store.session(third.id) != nil)
        #expect(store.count == 2)
    }
}
