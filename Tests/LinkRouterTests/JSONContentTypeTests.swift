import Testing

@testable import LinkRouter

/// Whether a body is read as JSON is decided from the `Content-Type` bytes; it must agree with
/// the rule as text (``RequestBody/acceptsJSON(_:)``) for every value.
@Suite struct JSONContentTypeTests {
    static func reference(_ bytes: [UInt8]) -> Bool {
        RequestBody.acceptsJSON(String(decoding: bytes, as: UTF8.self))
    }

    static func fromBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { RequestBody.acceptsJSON(contentType: $0) }
    }

    @Test(arguments: [
        "", " ", "\t", ";", "; charset=utf-8", "application/json", "Application/JSON",
        "application/json; charset=utf-8",
        " application / json ;x", "application/json ", "application/jsonx", "application/jso", "application/ld+json",
        "APPLICATION/LD+JSON;v=1", "+json", "json", "x+jsoN", "x+json\u{301}", "x+\u{301}json", "x\u{37E}+json",
        "application/json\u{37E}", "text/plain", "TEXT/Plain", "text/html", "application/x-www-form-urlencoded",
        "application/xml", "*/*", "applicatio\u{212A}/json", "application/jso\u{0143}", "\u{FEFF}application/json",
        "application/json\u{A0}", "application\u{0}/json",
        // A "prepend" character joins the `+` after it into one character: no `+json` suffix as text.
        "application/x\u{0600}+json", "x\u{0605}+json", "x\u{110BD}+JSON", "\u{0600}+json",
    ])
    func agreesWithTheTextRule(_ value: String) {
        #expect(Self.fromBytes(Array(value.utf8)) == Self.reference(Array(value.utf8)), "\(value.debugDescription)")
    }

    @Test func agreesForBytesThatAreNotUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0x80], [0xE2, 0x82]] {
            for position in 0...16 {
                var bytes = Array("application/json".utf8)
                bytes.insert(contentsOf: bad, at: position)
                #expect(Self.fromBytes(bytes) == Self.reference(bytes), "\(bytes)")
            }
        }
    }

    /// `application/json` is compared whole first: every sixteen-byte value one byte away from
    /// it must still agree with the rule.
    @Test func agreesOneByteAwayFromApplicationJSON() {
        for position in 0..<16 {
            for byte: UInt8 in [0x00, 0x09, 0x20, 0x2B, 0x2F, 0x3B, 0x41, 0x4A, 0x61, 0x6A, 0x7A, 0x80, 0xFF] {
                var bytes = Array("application/json".utf8)
                bytes[position] = byte
                #expect(Self.fromBytes(bytes) == Self.reference(bytes), "\(bytes)")
                #expect(
                    BareURLContentTypeTests.fromBytes(bytes) == BareURLContentTypeTests.reference(bytes),
                    "\(bytes)"
                )
            }
        }
    }

    @Test func agreesForRandomMixes() {
        let pieces = [
            "application", "/", "json", "JSON", "+", "ld", " ", "\t", ";", "x", "text", "plain", "é", "\u{212A}", "",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
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
