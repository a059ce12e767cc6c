import Testing

@testable import LinkRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The path is split eight bytes at a time (``PathWords``, ``ScannedURL/splitPath(_:count:from:to:customScheme:into:)``):
/// compared here with a byte-at-a-time reading (``PathSplitReference``) on generated URLs, with
/// '/' and the other special bytes in every lane of a word, URLs shorter than a word, and URLs
/// that end (or start) where readable memory does.
@Suite struct PathSplitTests {
    /// A URL's start with where its path starts (a custom scheme's path starts with its host slot).
    static let prefixes: [(text: String, customScheme: Bool)] = [
        ("https://h.example.com/", false), ("shop://", true), ("s:", true),
    ]

    static let tokens: [[UInt8]] =
        [
            "a", "b", "Z", "0", "9", ":", "_", "~", "/", "/", "/", "//", "%", "%2F", "%2f", "%41", "%zz", "%C3%A9",
            "%FF", "%00", "?", "#", ".", "..", "-", "+", "&", "=", " ", "é", "\u{7FF}", "\u{AF}", "€", "abcdefgh",
        ].map { Array($0.utf8) } + [[0x01], [0x09], [0x1F], [0x7F]]

    static func isSpecial(_ b: UInt8) -> Bool { b <= 0x2F || b == 0x3F || b == 0x5C || b >= 0x7F }

    /// Where the scan starts the path of `bytes`, which begin with `prefix`.
    static func pathStart(_ bytes: [UInt8], prefix: (text: String, customScheme: Bool)) -> Int {
        guard prefix.customScheme else { return prefix.text.utf8.count }
        var i = (bytes.firstIndex(of: 0x3A) ?? 0) + 1
        if i + 1 < bytes.count && bytes[i] == 0x2F && bytes[i + 1] == 0x2F { i += 2 }
        if i < bytes.count && bytes[i] == 0x2F { i += 1 }
        return i
    }

    /// The scan's reading of `bytes`, in the reference's terms.
    static func scanned(_ bytes: UnsafeBufferPointer<UInt8>) -> PathSplitReference {
        let result = ScannedURL.with(bytes: bytes, nil) { url in
            var split = PathSplitReference()
            split.segments = url.segments.map { Array($0) }
            split.ranges = Array(url.rawSegments)
            split.query = url.query.map { Array($0.key) + [0x3D] + Array($0.value) }
            return split
        }
        switch result {
        case .success(let split): return split
        case .failure(let error):
            var split = PathSplitReference()
            split.error = error
            return split
        }
    }

    static func check(_ body: [UInt8], _ prefix: (text: String, customScheme: Bool)) {
        let bytes = Array(prefix.text.utf8) + body
        let expected = PathSplitReference(
            bytes,
            pathStart: pathStart(bytes, prefix: prefix),
            customScheme: prefix.customScheme
        )
        let actual = bytes.withUnsafeBufferPointer { scanned($0) }
        #expect(actual == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        // A native string lends its bytes the same way.
        let viaString = ScannedURL.with(String(decoding: bytes, as: UTF8.self)) { $0.segments.count }
        #expect((try? viaString.get()) == (expected.error == nil ? expected.segments.count : nil))
    }

    /// Bodies of `length` ordinary bytes with '/' at one or two places: every lane of each word,
    /// including the last bytes of the URL and URLs shorter than a word.
    static func slashBodies(length: Int) -> [[UInt8]] {
        let filler = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var bodies: [[UInt8]] = [Array(filler[0..<length])]
        for i in 0..<length {
            var one = Array(filler[0..<length])
            one[i] = 0x2F
            bodies.append(one)
            for j in (i + 1)..<max(i + 1, length) {
                var two = one
                two[j] = 0x2F
                bodies.append(two)
            }
        }
        return bodies
    }

    @Test func specialsMarkEachLaneAlone() {
        for b in 0...255 {
            for lane in 0..<8 {
                var word: UInt64 = 0x6161_6161_6161_6161
                word &= ~(0xFF << UInt64(8 * lane))
                word |= UInt64(b) << UInt64(8 * lane)
                let expected: UInt64 = Self.isSpecial(UInt8(b)) ? 0x80 << UInt64(8 * lane) : 0
                #expect(PathWords.specials(word) == expected, "byte \(b) in lane \(lane)")
            }
        }
    }

    @Test func specialsAgreeWithBytesOnMixedWords() {
        let edges: [UInt8] = [
            0x00, 0x1F, 0x20, 0x23, 0x25, 0x2E, 0x2F, 0x30, 0x3E, 0x3F, 0x40, 0x7E, 0x7F, 0x80, 0xAF, 0xBF, 0xFF,
        ]
        var generator = SplitMix(seed: 7)
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            var expected: UInt64 = 0
            for lane in 0..<8 {
                let b =
                    Bool.random(using: &generator)
                    ? edges.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
                word |= UInt64(b) << UInt64(8 * lane)
                if Self.isSpecial(b) { expected |= 0x80 << UInt64(8 * lane) }
            }
            #expect(PathWords.specials(word) == expected, "word \(String(word, radix: 16))")
        }
    }

    @Test func lanesKeepTheLowOnes() {
        #expect(PathWords.lanes(0) == 0)
        #expect(PathWords.lanes(1) == 0x80)
        #expect(PathWords.lanes(7) == 0x0080_8080_8080_8080)
        #expect(PathWords.lanes(8) == 0x8080_8080_8080_8080)
        #expect(PathWords.lanes(9) == 0x8080_8080_8080_8080)
    }

    @Test(arguments: 0...20)
    func slashesInEveryLane(_ length: Int) {
        for prefix in Self.prefixes {
            for body in Self.slashBodies(length: length) {
                Self.check(body, prefix)
                // And something special after it: an escape, a dot, the query, the fragment.
                for tail in ["%41", ".", "?q=1", "#f", "/", "\u{7F}"] { Self.check(body + Array(tail.utf8), prefix) }
            }
        }
    }

    @Test(arguments: 0..<8)
    func generatedURLsSplitAsTheReferenceDoes(_ seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        for _ in 0..<1_500 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                body += Self.tokens.randomElement(using: &generator) ?? []
            }
            for prefix in Self.prefixes { Self.check(body, prefix) }
        }
    }

    /// More segments than the fixed buffers hold (the scan runs again with room for all), and
    /// URLs of 256 bytes and more (the outlined scan, a scratch buffer of the URL's size).
    @Test func manySegmentsAndLongURLs() {
        for count in [22, 23, 24, 25, 26, 40, 100] {
            for piece in ["ab", "abcdefgh", "a%41", "é.", ""] {
                let body = Array(repeating: piece, count: count).joined(separator: "/")
                for tail in ["", "/", "?q=1&r=2", "#f"] {
                    for prefix in Self.prefixes { Self.check(Array((body + tail).utf8), prefix) }
                }
            }
        }
    }

    /// The word loads read nothing past the URL's last byte or before its first: each URL is
    /// placed against an unreadable page, after it and then before it.
    @Test func urlsAgainstUnreadableMemory() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let region = mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != MAP_FAILED
        else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(region, 3 * page) }
        #expect(mprotect(region, page, PROT_NONE) == 0)
        #expect(mprotect(region + 2 * page, page, PROT_NONE) == 0)
        let data = (region + page).assumingMemoryBound(to: UInt8.self)
        var generator = SplitMix(seed: 99)
        var bodies = (0...12).flatMap { Self.slashBodies(length: $0) }
        for _ in 0..<500 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                body += Self.tokens.randomElement(using: &generator) ?? []
            }
            bodies.append(body)
        }
        for prefix in Self.prefixes {
            for body in bodies {
                let bytes = Array(prefix.text.utf8) + body
                let expected = PathSplitReference(
                    bytes,
                    pathStart: Self.pathStart(bytes, prefix: prefix),
                    customScheme: prefix.customScheme
                )
                for start in [page - bytes.count, 0] {
                    bytes.withUnsafeBufferPointer { (data + start).update(from: $0.baseAddress!, count: bytes.count) }
                    let actual = Self.scanned(UnsafeBufferPointer(start: data + start, count: bytes.count))
                    #expect(actual == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
    }
}
