import Testing

@testable import LinkRouter

/// Whether a body may be a bare URL is read from the `Content-Type` bytes; it must agree with
/// the media type as text (``RequestBody/mediaType(_:)``) for every value.
@Suite struct BareURLContentTypeTests {
    /// The rule as text: the media type is empty, `text/plain` or form encoding.
    static func reference(_ bytes: [UInt8]) -> Bool {
        let type = RequestBody.mediaType(String(decoding: bytes, as: UTF8.self))
        return type.isEmpty || type == "text/plain" || type == "application/x-www-form-urlencoded"
    }

    static func fromBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { RequestBody.carriesBareURL(contentType: $0) }
    }

    @Test(arguments: [
        "", " ", "\t", ";", "; charset=utf-8", "text/plain", "TEXT/Plain", "text/plain; charset=utf-8",
        " text / plain ;x", "text/plain ", "text/plainx", "text/plai", "text/html", "application/json",
        "application/json; charset=utf-8", "application/ld+json", "application/x-www-form-urlencoded",
        "Application/X-WWW-Form-Urlencoded;charset=x", "application/x-www-form-urlencode", "*/*",
        "te\u{212A}t/plain", "text/plaın", "text/pla\u{130}n", "text/plain\u{37E}", "text\u{0}/plain",
        "\u{FEFF}text/plain", "text/plain\u{301}", "t\u{301}ext/plain", "text/plain\u{A0}",
    ])
    func agreesWithTheTextRule(_ value: String) {
        #expect(Self.fromBytes(Array(value.utf8)) == Self.reference(Array(value.utf8)), "\(value.debugDescription)")
    }

    @Test func agreesForBytesThatAreNotUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0x80], [0xE2, 0x82]] {
            for position in 0...10 {
                var bytes = Array("text/plain".utf8)
                bytes.insert(contentsOf: bad, at: position)
                #expect(Self.fromBytes(bytes) == Self.reference(bytes), "\(bytes)")
                #expect(!Self.fromBytes(bytes))
            }
        }
    }

    /// `text/plain` is compared whole first: every ten-byte value one byte away from it must still
    /// agree with the rule.
    @Test func agreesOneByteAwayFromTextPlain() {
        for position in 0..<10 {
            for byte: UInt8 in [0x00, 0x20, 0x2F, 0x3B, 0x41, 0x50, 0x61, 0x70, 0x7A, 0x80, 0xFF] {
                var bytes = Array("text/plain".utf8)
                bytes[position] = byte
                #expect(Self.fromBytes(bytes) == Self.reference(bytes), "\(bytes)")
            }
        }
    }

    @Test func agreesForRandomMixes() {
        let pieces = [
            "text", "/", "plain", "TEXT", "Plain", " ", "\t", ";", "x", "application", "json", "+", "-",
            "x-www-form-urlencoded", "é", "\u{212A}", "K", "",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3000 {
            var value = ""
            for _ in 0..<Int(state % 6) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                value += pieces[Int(state >> 33) % pieces.count]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            #expect(Self.fromBytes(Array(value.utf8)) == Self.reference(Array(value.utf8)), "\(value.debugDescription)")
        }
    }
}
