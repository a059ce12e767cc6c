import Foundation
import LinkRouterHTTP
import PropertyBased
import Testing

@testable import LinkRouter

@Suite struct JSONWriterTests {
    static let trickyStrings: [String] = [
        "", "plain", "quote \" inside", "back\\slash", "\\\"", "/a/b/",
        String((0..<0x20).map { Character(Unicode.Scalar($0)!) }),
        "\u{7F}", "\u{2028}", "\u{2029}", "a\u{2028}b\u{2029}c", "\u{2027}\u{202A}", "€ â", "😀", "👩‍👩‍👧‍👦", "e\u{301}",
        "\u{FEFF}", "\n\u{FEFF}x", "\u{FFFF}", "\u{10FFFF}", "日本語のテキスト", "tab\there", "nul\u{0}byte", "\u{E000}",
        String(repeating: "x", count: 5000),
    ]

    private func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 16)
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(arguments: trickyStrings)
    func stringsReadBackThroughFoundation(_ string: String) throws {
        var writer = JSONWriter()
        writer.object { $0.field(string, string) }
        let (key, value) = try #require(try FoundationJSON.decodeStringPair(writer.bytes))
        #expect(Array(key.utf8) == Array(string.utf8))
        #expect(Array(value.utf8) == Array(string.utf8))
    }

    @Test func escapesAreExactlyTheDocumentedOnes() {
        let cases: [(String, String)] = [
            ("\"", #""\"""#),
            ("\\", #""\\""#),
            ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}", #""\u007f""#),
            ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
            ("/", #""/""#),
            ("é😀\u{2027}€", "\"é😀\u{2027}€\""),
        ]
        for (input, expected) in cases {
            #expect(text { $0.string(input) } == expected, "\(Array(input.unicodeScalars))")
        }
    }

    /// The writer looks at eight bytes at a time and assembles short strings on the stack: put
    /// each kind of special character at every offset of strings around those sizes.
    @Test func specialCharactersAtEveryOffset() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{2028}", "\u{2029}", "é", "€", "😀", "/"]
        for length in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 62, 63, 64, 65, 66, 70] {
            for special in specials {
                for offset in 0...length {
                    let string =
                        String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset)
                    var writer = JSONWriter()
                    writer.object { $0.field(string, string) }
                    let (key, value) = try #require(try FoundationJSON.decodeStringPair(writer.bytes))
                    #expect(key == string && value == string, "\(Array(string.unicodeScalars))")
                    #expect(try JSONParser().parse(writer.bytes) == [string: .string(string)])
                }
            }
        }
    }

    @Test func noRawControlByteSurvives() {
        for byte in Array(0..<0x20) + [0x7F] {
            var writer = JSONWriter()
            writer.string("a" + String(Unicode.Scalar(UInt8(byte))) + "b")
            #expect(!writer.bytes.contains { $0 < 0x20 || $0 == 0x7F }, "\(byte)")
        }
    }

    @Test func integersReadBackExactly() throws {
        let values = [0, 1, -1, 42, -9, 10, 99, 100, 1_000_000, Int.min, Int.max, Int.min + 1, Int.max - 1]
        var writer = JSONWriter()
        writer.array { writer in values.forEach { writer.int($0) } }
        #expect(try JSONDecoder().decode([Int].self, from: Data(writer.bytes)) == values)
        #expect(text { $0.int(Int.min) } == "-9223372036854775808")
        #expect(text { $0.int(Int.max) } == "9223372036854775807")
        #expect(text { $0.uint(UInt64.max) } == "18446744073709551615")
    }

    /// Numbers of one or two digits are written by a shorter way: each as its decimal text, alone
    /// and after a comma.
    @Test func smallIntegersAreTheirDecimalText() {
        for value in Array(-101...101) + [998, 1000] {
            #expect(text { $0.int(value) } == String(value))
            #expect(
                text {
                    $0.array {
                        $0.int(7); $0.int(value)
                    }
                } == "[7,\(value)]"
            )
        }
    }

    @Test func doublesAreShortestAndReadBackExactly() throws {
        let cases: [(Double, String)] = [
            (0, "0.0"), (-0.0, "-0.0"), (1e-300, "1e-300"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (0.1, "0.1"), (Double.leastNonzeroMagnitude, "5e-324"), (1, "1.0"), (1e16, "1e+16"), (1e-5, "1e-05"),
            (-2.5, "-2.5"), (123_456.789, "123456.789"),
        ]
        for (value, expected) in cases {
            let written = text { $0.double(value) }
            #expect(written == expected)
            let decoded = try JSONDecoder().decode([Double].self, from: Data(("[" + written + "]").utf8))
            #expect(decoded.first?.bitPattern == value.bitPattern, "\(written)")
        }
    }

    @Test func nonFiniteNumbersAreNull() {
        #expect(
            text {
                $0.array {
                    $0.double(.nan); $0.double(.infinity); $0.double(-.infinity)
                }
            } == "[null,null,null]"
        )
    }

    @Test func commasAndNestingComeOutRight() {
        let written = text { writer in
            writer.beginObject()
            writer.field("a", 1)
            writer.key("empty")
            writer.beginObject()
            writer.endObject()
            writer.key("list")
            writer.beginArray()
            writer.beginArray()
            writer.endArray()
            writer.object { $0.field("x", true) }
            writer.null()
            writer.string("s")
            writer.endArray()
            writer.field("d", 2.5)
            writer.field("none", nil as String?)
            writer.field("n", 3 as Int?)
            writer.nullField("z")
            writer.rawField("raw", Array(#"{"pre":[1]}"#.utf8))
            writer.field("tags", ["a", "b"])
            writer.arrayField("arr") { $0.bool(false) }
            writer.objectField("obj") { $0.field("k", "v") }
            writer.field("u", UInt64(7))
            writer.field("v", ["k": [1, 2.5, nil]] as JSONValue)
            writer.endObject()
        }
        let expected =
            #"{"a":1,"empty":{},"list":[[],{"x":true},null,"s"],"d":2.5,"none":null,"n":3,"z":null,"#
            + #""raw":{"pre":[1]},"tags":["a","b"],"arr":[false],"obj":{"k":"v"},"u":7,"v":{"k":[1,2.5,null]}}"#
        #expect(written == expected)
    }

    @Test func keysKeepTheCallersOrder() {
        let keys = ["zeta", "alpha", "mu", "beta", "a", "Z"]
        let written = text { writer in writer.object { w in keys.forEach { w.field($0, $0.count) } } }
        #expect(written == #"{"zeta":4,"alpha":5,"mu":2,"beta":4,"a":1,"Z":1}"#)
    }

    @Test func resetStartsAnEmptyDocument() {
        var writer = JSONWriter()
        writer.array { $0.int(1) }
        writer.reset()
        writer.int(2)
        #expect(writer.bytes == Array("2".utf8))
    }

    /// The buffer grows from its smallest size on every kind of write (long strings, escapes,
    /// numbers, repeated values), and the text is the same as a roomy writer's.
    @Test(arguments: [0, 1, 17, 4096])
    func growingFromAnyCapacityGivesTheSameText(capacity: Int) throws {
        func write(_ writer: inout JSONWriter) {
            writer.beginArray()
            for n in 0..<40 {
                let range = writer.recordValue { w in
                    w.beginObject()
                    w.field(String(repeating: "k", count: n), String(repeating: "v\n", count: n))
                    w.field("n", -n * 1_000_003)
                    w.field("x", Double(n) / 7)
                    w.endObject()
                }
                writer.repeatValue(range)
            }
            writer.endArray()
        }
        var small = JSONWriter(capacity: capacity)
        write(&small)
        var roomy = JSONWriter(capacity: 1 << 20)
        write(&roomy)
        let text = small.bytes
        #expect(text == roomy.bytes)
        #expect(text.count > 4096)
        let parsed = try JSONSerialization.jsonObject(with: Data(text)) as? [Any]
        #expect(parsed?.count == 80)
        // The block handed over holds the same text, grown or not.
        #expect(small.finishBlock().bytes == text)
        #expect(roomy.finishBlock().bytes == text)
    }

    @Test func finishBlockHandsOverTheBufferItself() {
        var writer = JSONWriter(capacity: 64)
        writer.object { $0.field("a", "b") }
        let written = writer.bytes
        let block = writer.finishBlock()
        #expect(block.count == written.count)
        #expect(block.bytes == Array(#"{"a":"b"}"#.utf8))
        let response = HTTPResponse(status: 200, block: block)
        #expect(response.body == written)
        guard case .block(let held) = response.content else {
            Issue.record("the block was copied into an array")
            return
        }
        #expect(held.start == block.start)
    }

    @Test func finishHandsOverTheTextAndEmptiesTheWriter() {
        var writer = JSONWriter(capacity: 64)
        writer.array { $0.int(1) }
        #expect(writer.finish() == Array("[1]".utf8))
        #expect(writer.bytes.isEmpty)
        writer.string("again")
        #expect(writer.finish() == Array(#""again""#.utf8))
    }

    @Test func substringsAreEscapedToo() {
        let line = "x\"y\nz"
        #expect(text { $0.string(line.dropFirst()) } == #""\"y\nz""#)
    }

    @Test func generatedStringsReadBackThroughFoundation() async {
        await propertyCheck(count: 300, input: TrickyText.generator) { string in
            var writer = JSONWriter()
            writer.object { $0.field(string, string) }
            do {
                let decoded = try #require(try FoundationJSON.decodeStringPair(writer.bytes))
                #expect(Array(decoded.key.utf8) == Array(string.utf8))
                #expect(Array(decoded.value.utf8) == Array(string.utf8))
            } catch {
                Issue.record("\(error): \(Array(string.unicodeScalars))")
            }
        }
    }

    @Test func generatedValuesReadBackThroughFoundation() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            let value = RandomJSON.value(seed: seed)
            let bytes = value.jsonBytes
            do {
                let decoded = try FoundationJSON.parse(bytes)
                #expect(FoundationJSON.difference(decoded, value) == nil, "\(String(decoding: bytes, as: UTF8.self))")
            } catch {
                Issue.record("\(error): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
