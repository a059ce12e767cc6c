import Testing

@testable import LinkRouterHTTP

/// Header fields kept as the bytes a client sent: lookups, strings made on demand, and the
/// fields added afterwards.
@Suite struct ReceivedHeaderFieldsTests {
    /// Headers as a request carries them, from raw name and value bytes.
    static func received(_ fields: [([UInt8], [UInt8])]) -> HTTPHeaders {
        let size = fields.reduce(0) { $0 + ReceivedHeaderFields.storedSize(name: $1.0.count, value: $1.1.count) }
        let stored = ReceivedHeaderFields(capacity: size) { writer in
            for (name, value) in fields {
                let copied = name.withUnsafeBytes { name in
                    value.withUnsafeBytes { value in writer.append(name: name, value: value) }
                }
                #expect(copied)
            }
        }
        return HTTPHeaders(received: stored)
    }

    static func received(_ fields: [(String, String)]) -> HTTPHeaders {
        received(fields.map { (Array($0.0.utf8), Array($0.1.utf8)) })
    }

    @Test func lookupIgnoresTheCaseOfASCIILettersOnly() {
        let headers = Self.received([("Host", "a"), ("Content-Type", "text/plain"), ("X-Ä", "umlaut")])
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["host"] == "a")
        #expect(headers["content-typ"] == nil)
        #expect(headers["content-type "] == nil)
        #expect(headers["x-Ä"] == "umlaut")
        #expect(headers["x-ä"] == nil)
    }

    @Test func theFirstOfARepeatedNameWinsAndValuesKeepTheOrder() {
        let headers = Self.received([("Accept", "a"), ("X", "1"), ("accept", "b"), ("ACCEPT", "c")])
        #expect(headers["accept"] == "a")
        #expect(headers.values("Accept") == ["a", "b", "c"])
        #expect(headers.fields.map(\.name) == ["Accept", "X", "accept", "ACCEPT"])
        #expect(Array(headers).map(\.value) == ["a", "1", "b", "c"])
    }

    @Test func bytesThatAreNotUTF8AreRepairedWhenRead() {
        let headers = Self.received([(Array("X-Name".utf8), [0x61, 0xFF, 0x62]), ([0xC3], [0xC3, 0xA9])])
        #expect(headers["x-name"] == "a\u{FFFD}b")
        #expect(headers.fields.map(\.name) == ["X-Name", "\u{FFFD}"])
        #expect(headers.fields.map(\.value) == ["a\u{FFFD}b", "é"])
        // The byte view sees what was sent.
        #expect(headers.firstValue("x-name") { Array($0) == [0x61, 0xFF, 0x62] } == true)
    }

    @Test func namesAndValuesOfEveryShortLengthAreKeptByteForByte() {
        // Distinct bytes at every position, so that a copy that misplaces or drops one shows.
        func bytes(_ count: Int, from first: UInt8) -> [UInt8] { (0..<count).map { first &+ UInt8($0) } }
        let fields = (0...24).map { count in (bytes(count + 1, from: 0x41), bytes(count, from: 0x61)) }
        let headers = Self.received(fields)
        #expect(headers.fields.count == fields.count)
        for (name, value) in fields {
            let read = String(decoding: name, as: UTF8.self)
            #expect(headers.firstValue(read) { Array($0) == value } == true, "\(name.count)-byte name")
        }
        #expect(headers.fields.map { Array($0.name.utf8) } == fields.map(\.0))
    }

    @Test func manyFieldsAndLongValuesAreAllKept() {
        let fields = (0..<200).map { ("X-Field-\($0)", String(repeating: "v", count: $0 * 7)) }
        let headers = Self.received(fields)
        #expect(headers.fields.count == 200)
        #expect(headers["x-field-199"] == String(repeating: "v", count: 199 * 7))
        #expect(headers["X-FIELD-0"] == "")
        #expect(headers.fields.map(\.name) == fields.map(\.0))
    }

    @Test func addedFieldsFollowTheReceivedOnes() {
        var headers = Self.received([("Host", "a"), ("X-One", "1")])
        headers.add("X-Two", "2")
        headers.add("host", "b")
        #expect(headers.fields.map(\.name) == ["Host", "X-One", "X-Two", "host"])
        #expect(headers["HOST"] == "a")
        #expect(headers["x-two"] == "2")
        #expect(headers.values("host") == ["a", "b"])
        headers.set("HOST", "c")
        #expect(headers.fields.map(\.name) == ["X-One", "X-Two", "HOST"])
        #expect(headers.values("host") == ["c"])
    }

    @Test func forEachFieldGivesWhatIterationGives() {
        var headers = Self.received([(Array("Host".utf8), Array("a".utf8)), (Array("X-Bad".utf8), [0xFF])])
        headers.add("Content-Type", "application/json")
        headers.add("X-Two", "2")
        var seen: [String] = []
        headers.forEachField { name, value in seen.append("\(name)=\(value)") }
        #expect(seen == ["Host=a", "X-Bad=\u{FFFD}", "Content-Type=application/json", "X-Two=2"])
        #expect(seen == headers.map { "\($0.name)=\($0.value)" })
    }

    @Test func firstValueSeesReceivedThenAddedFields() {
        var headers = Self.received([("Content-Type", "text/plain")])
        headers.add("X-Added", "yes")
        #expect(headers.firstValue("content-type") { Array($0) == Array("text/plain".utf8) } == true)
        #expect(headers.firstValue("x-added") { Array($0) == Array("yes".utf8) } == true)
        #expect(headers.firstValue("x-missing") { _ in true } == nil)
        #expect(HTTPHeaders().firstValue("content-type") { _ in true } == nil)
        let literal: StaticString = "Content-TYPE"
        #expect(headers.firstValue(literal) { Array($0) == Array("text/plain".utf8) } == true)
        let scalar: StaticString = "x"
        #expect(headers.firstValue(scalar) { _ in true } == nil)
        #expect(HTTPHeaders([(name: "CONTENT-type", value: "x")]).firstValue("content-type") { $0.count == 1 } == true)
    }

    @Test func contentTypeIsTheFirstFieldOfThatNameInAnyCase() {
        let typeOf: (HTTPHeaders) -> String? = { headers in
            var seen: String?
            _ = headers.contentType {
                seen = String(decoding: $0, as: UTF8.self); return true
            }
            return seen
        }
        #expect(
            typeOf(Self.received([("Host", "a"), ("CONTENT-type", "text/plain"), ("Content-Type", "b")]))
                == "text/plain"
        )
        #expect(typeOf(Self.received([("Content-Typf", "x"), ("Content-Typ", "y"), ("content-type", "z")])) == "z")
        #expect(typeOf(Self.received([("Host", "a")])) == nil)
        #expect(Self.received([("Host", "a")]).contentType { _ in true } == nil)
        #expect(Self.received([("Content-Type", "text/plain")]).contentType { $0.count == 10 } == true)
        #expect(Self.received([("Content-Type", "text/plain")]).contentType { $0.count == 9 } == false)
        // Received fields come first; added ones are seen only when none was received.
        var added = Self.received([("Host", "a")])
        added.add("content-TYPE", "c")
        #expect(typeOf(added) == "c")
        var both = Self.received([("Content-Type", "r")])
        both.add("Content-Type", "c")
        #expect(typeOf(both) == "r")
        #expect(typeOf(HTTPHeaders([(name: "Content-Type", value: "s")])) == "s")
        #expect(HTTPHeaders().contentType { _ in true } == nil)
    }

    @Test func noFieldsReadAsEmpty() {
        let headers = HTTPHeaders(received: ReceivedHeaderFields(capacity: 0) { _ in })
        #expect(headers.fields.isEmpty)
        #expect(headers["host"] == nil)
    }

    /// Fields without a buffer lend an empty one; a buffer with room is written in place, and
    /// dropped by `removeAll` beyond the room kept.
    @Test func theBufferLentIsTheOneKept() {
        var fields = ReceivedHeaderFields()
        var lent = -1
        fields.overwrite { buffer in
            lent = buffer.count
            return nil
        }
        #expect(lent == 0)
        #expect(fields.isEmpty)
        var roomy = ReceivedHeaderFields(capacity: 0, room: 64) { _ in }
        roomy.overwrite { buffer in
            lent = buffer.count
            var writer = ReceivedHeaderFields.Writer(buffer: buffer)
            let name = Array("Host".utf8)
            let value = Array("a".utf8)
            let copied = name.withUnsafeBytes { n in value.withUnsafeBytes { writer.append(name: n, value: $0) } }
            return copied ? writer : nil
        }
        #expect(lent == 64)
        #expect(HTTPHeaders(received: roomy)["host"] == "a")
        roomy.removeAll(keepingRoomUpTo: 16)
        roomy.overwrite { buffer in
            lent = buffer.count
            return nil
        }
        #expect(lent == 0)
    }

    /// A write that finds the buffer too small (it returns `nil`) is not called a second time.
    @Test func aWriteThatDoesNotFitIsCalledOnce() {
        var fields = ReceivedHeaderFields(capacity: 0, room: 64) { _ in }
        var lent: [Int] = []
        fields.overwrite { buffer in
            lent.append(buffer.count)
            return nil
        }
        #expect(lent == [64])
        #expect(fields.isEmpty)
    }

    @Test func theWriterRefusesAFieldThatDoesNotFit() {
        let stored = ReceivedHeaderFields(capacity: ReceivedHeaderFields.storedSize(name: 4, value: 1) + 3) { writer in
            let name = Array("Host".utf8)
            let value = Array("a".utf8)
            let first = name.withUnsafeBytes { n in value.withUnsafeBytes { writer.append(name: n, value: $0) } }
            let second = name.withUnsafeBytes { n in value.withUnsafeBytes { writer.append(name: n, value: $0) } }
            #expect(first && !second)
        }
        #expect(HTTPHeaders(received: stored).fields.count == 1)
    }

    /// The comparison with a lowercase literal, a byte, a word of four or of eight at a time
    /// by its length, agrees with the byte rule (A-Z folded to a-z, nothing else) for every
    /// byte at every place, and with another length never matches.
    @Test(arguments: [
        "h" as StaticString, "te", "host", "hosts", "x-id-12", "content-", "content-type", "transfer-encoding",
    ])
    func literalComparisonAgreesWithTheBytewiseRule(_ literal: StaticString) {
        let expected = Array(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        func compare(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { HTTPHeaders.equalsLowercased($0, literal) }
        }
        let upper = expected.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        #expect(compare(expected) && compare(upper))
        #expect(!compare(expected + [expected[0]]) && !compare(Array(expected.dropLast())))
        for position in expected.indices {
            var bytes = upper
            for x in 0...255 {
                bytes[position] = UInt8(x)
                if compare(bytes) != (fold(UInt8(x)) == expected[position]) {
                    Issue.record("\(x) at \(position) of \(literal)")
                }
            }
        }
    }

    /// The word-at-a-time comparison agrees with the byte rule (equal, or the same ASCII letter in
    /// another case) for every pair of bytes at every place around the eight-byte words.
    @Test func nameComparisonAgreesWithTheBytewiseRule() {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        for length in [1, 7, 8, 9, 12, 16, 17] {
            for position in Set([0, length / 2, length - 1]) {
                var a = [UInt8](repeating: UInt8(ascii: "k"), count: length)
                var b = [UInt8](repeating: UInt8(ascii: "K"), count: length)
                for x in 0...255 {
                    for y in 0...255 {
                        a[position] = UInt8(x)
                        b[position] = UInt8(y)
                        let expected = x == y || (isLetter(UInt8(x)) && UInt8(x) ^ UInt8(y) == 0x20)
                        let same = a.withUnsafeBufferPointer { a in
                            b.withUnsafeBufferPointer { HTTPHeaders.sameName(a, $0) }
                        }
                        if same != expected { Issue.record("\(x) and \(y) at \(position) of \(length)") }
                    }
                }
            }
        }
        #expect(HTTPHeaders.sameName("", ""))
        #expect(!HTTPHeaders.sameName("a", ""))
        #expect(HTTPHeaders.sameName("Content-Length", "content-LENGTH"))
    }
}
