import Foundation
import PropertyBased
import Testing

@testable import LinkRouter

/// An input the parser must refuse, with the reason and the byte offset it must report.
struct InvalidJSONCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let reason: JSONParseError.Reason
    let offset: Int

    init(_ text: String, _ reason: JSONParseError.Reason, _ offset: Int) {
        self.init(bytes: Array(text.utf8), reason, offset)
    }

    init(bytes: [UInt8], _ reason: JSONParseError.Reason, _ offset: Int) {
        self.bytes = bytes
        self.reason = reason
        self.offset = offset
    }

    var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription + " \(bytes)" }
}

@Suite struct JSONParserTests {
    static let validDocuments: [String] = [
        "{}", "[]", "0", "-0", "1", "-1", "true", "false", "null", #""""#, " \t\r\n[ 1 , 2 ]\r\n ",
        "-1.5e+10", "1E-2", "0.1e1", "1e308", "2.2250738585072014e-308", "4.9e-324", "123456789012345678901234567890",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        #""\u00e9\uD83D\uDE00\u0000\u001f\u007f\u2028""#, #""\/\"\\\b\f\n\r\t""#, "\"é😀日本\u{2028}\"",
        #"{"a":{"b":[{},[],"c",1.5,-2,true,false,null]},"":0,"A":"a"}"#, #"[[[[[[[[[[]]]]]]]]]]"#,
        #"{"url":"shop://product/42?ref=mail","strategy":"extend","expect_version":3}"#,
        #"{"k\u0000ey":"v","k\"":"w"}"#,
    ]

    static let invalidDocuments: [InvalidJSONCase] = [
        .init("", .emptyInput, 0),
        .init("  \n", .emptyInput, 3),
        .init("[1,]", .trailingComma, 2),
        .init(#"{"a":1,}"#, .trailingComma, 6),
        .init(#"{"a":1 , }"#, .trailingComma, 7),
        .init("[,1]", .expectedValue, 1),
        .init("{,}", .expectedKey, 1),
        .init("{1:2}", .expectedKey, 1),
        .init("{'a':1}", .expectedKey, 1),
        .init("01", .leadingZero, 0),
        .init("-01", .leadingZero, 1),
        .init("[00]", .leadingZero, 1),
        .init("+1", .invalidNumber, 0),
        .init(".5", .invalidNumber, 0),
        .init("[-.5]", .invalidNumber, 2),
        .init("1.", .invalidNumber, 2),
        .init("1.e3", .invalidNumber, 2),
        .init("1e", .invalidNumber, 2),
        .init("1e+", .invalidNumber, 3),
        .init("-", .invalidNumber, 1),
        .init("-a", .invalidNumber, 1),
        .init("0x10", .trailingData, 1),
        .init("NaN", .expectedValue, 0),
        .init("Infinity", .expectedValue, 0),
        .init("-Infinity", .invalidNumber, 1),
        .init("1e400", .numberOutOfRange, 0),
        .init("[-1e400]", .numberOutOfRange, 1),
        .init("\"a\u{1}b\"", .controlCharacterInString, 2),
        .init("\"\t\"", .controlCharacterInString, 1),
        .init("\"\n\"", .controlCharacterInString, 1),
        .init(#""\x""#, .invalidEscape, 1),
        .init(#""ab\'""#, .invalidEscape, 3),
        .init(#""\u12G4""#, .invalidEscape, 1),
        .init(#""\U0041""#, .invalidEscape, 1),
        .init(#""\ud800""#, .loneSurrogate, 1),
        .init(#""\udc00""#, .loneSurrogate, 1),
        .init(#""x\ud800\u0041""#, .loneSurrogate, 2),
        .init(#""\ud800x""#, .loneSurrogate, 1),
        .init(#""\ud800\ud800""#, .loneSurrogate, 1),
        .init(#""\u00"#, .unexpectedEnd, 5),
        .init(#""abc"#, .unexpectedEnd, 4),
        .init(#""abc\"#, .unexpectedEnd, 5),
        .init("[1 2]", .expectedCommaOrArrayEnd, 3),
        .init(#"{"a" 1}"#, .expectedColon, 5),
        .init(#"{"a":1 "b":2}"#, .expectedCommaOrObjectEnd, 7),
        .init(#"{"a":1,"a":2}"#, .duplicateKey, 7),
        .init(#"{"b":{"a":1,"b":2,"a":3}}"#, .duplicateKey, 18),
        .init("{\"\u{E9}\":1,\"e\u{301}\":2}", .duplicateKey, 8),
        .init("tru", .unexpectedEnd, 3),
        .init("trUe", .invalidLiteral, 2),
        .init("nul", .unexpectedEnd, 3),
        .init("True", .expectedValue, 0),
        .init("1 2", .trailingData, 2),
        .init("{} x", .trailingData, 3),
        .init("\"a\"\"b\"", .trailingData, 3),
        .init("[", .unexpectedEnd, 1),
        .init(#"{"a":"#, .unexpectedEnd, 5),
        .init(#"{"a""#, .unexpectedEnd, 4),
        .init("[1", .unexpectedEnd, 2),
        .init("{", .unexpectedEnd, 1),
        .init("\u{FEFF}1", .expectedValue, 0),
        .init("\u{C}1", .expectedValue, 0),
        .init("[1]\u{A0}", .trailingData, 3),
        .init("'a'", .expectedValue, 0),
        .init(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xF0, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0x61, 0xE2, 0x82, 0x22], .invalidUTF8, 2),
        .init(bytes: [0x22, 0x80, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xFF, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, 1),
        .init(bytes: [0x22, 0x61, 0xC3], .invalidUTF8, 2),
        .init(bytes: [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], .invalidUTF8, 3),
        .init(bytes: [0x5B, 0xC3, 0xA9, 0x5D], .expectedValue, 1),
        .init(bytes: [0x00], .expectedValue, 0),
    ]

    @Test(arguments: validDocuments)
    func agreesWithFoundation(_ document: String) throws {
        let bytes = Array(document.utf8)
        let ours = try JSONParser().parse(bytes)
        let reference = try FoundationJSON.parse(bytes)
        #expect(FoundationJSON.difference(reference, ours) == nil)
    }

    @Test(arguments: invalidDocuments)
    func refuses(_ invalid: InvalidJSONCase) {
        #expect(throws: JSONParseError(invalid.reason, at: invalid.offset)) {
            try JSONParser().parse(invalid.bytes)
        }
    }

    @Test func numbersKeepTheirWrittenKind() throws {
        let cases: [(String, JSONValue)] = [
            ("0", .int(0)), ("-0", .int(0)), ("42", .int(42)), ("1.0", .double(1)), ("1e2", .double(100)),
            ("-1E-2", .double(-0.01)), ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
            ("9223372036854775808", .double(9_223_372_036_854_775_808)),
            ("-9223372036854775809", .double(-9.223_372_036_854_775_808e18)),
            ("18446744073709551616", .double(18_446_744_073_709_551_616)),
            ("1e-400", .double(0)), ("5e-324", .double(.leastNonzeroMagnitude)),
            ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ]
        for (text, expected) in cases {
            #expect(try JSONParser().parse(text) == expected, "\(text)")
        }
        #expect(try JSONParser().parse("-0.0").doubleValue?.sign == .minus)
    }

    @Test func stringsDecodeEscapesAndPairs() throws {
        let value = try JSONParser().parse(#""a\u00e9\uD83D\uDE00\ud83d\ude00\/\"\\\b\f\n\r\t\u0000é😀""#)
        #expect(value == .string("aé😀😀/\"\\\u{8}\u{C}\n\r\t\u{0}é😀"))
    }

    @Test func objectsKeepOrderAndLookUpByKey() throws {
        let value = try JSONParser().parse(#"{"z":1,"a":[true],"m":{"x":null}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == [true])
        #expect(value["m"]?["x"] == .null)
        #expect(value["missing"] == nil)
        #expect(object.index(forKey: "m") == 2)
        #expect(value.jsonBytes == Array(#"{"z":1,"a":[true],"m":{"x":null}}"#.utf8))
    }

    @Test func largeObjectsFindKeysAndDuplicatesByIndex() throws {
        let keys = (0..<5000).map { "key\($0)" }
        var text = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser().parse(text).objectValue)
        #expect(object.count == 5000)
        #expect(object["key4321"] == 1)
        #expect(object.index(forKey: "key4999") == 4999)
        text.removeLast()
        text += #","key2500":2}"#
        #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
    }

    @Test func objectEditsKeepTheIndexRight() {
        var object = JSONObject()
        for index in 0..<20 { object["k\(index)"] = .int(index) }
        object["k3"] = nil
        object["k5"] = "five"
        #expect(object.count == 19)
        #expect(object["k4"] == 4)
        #expect(object["k5"] == "five")
        #expect(object["k19"] == 19)
        #expect(object.index(forKey: "k19") == 18)
        let appended = object.append(key: "k4", value: 0)
        #expect(!appended)
        for index in 0..<17 { object["k\(index)"] = nil }
        #expect(object.keys == ["k17", "k18", "k19"])
        #expect(object["k18"] == 18)
    }

    @Test func depthIsLimited() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(throws: Never.self) { try JSONParser().parse(nested(32)) }
        #expect(throws: JSONParseError(.tooDeep, at: 32)) { try JSONParser().parse(nested(33)) }
        #expect(throws: Never.self) { try JSONParser(maxDepth: 3).parse(#"[{"a":[]}]"#) }
        #expect(throws: JSONParseError(.tooDeep, at: 6)) { try JSONParser(maxDepth: 2).parse(#"[{"a":[]}]"#) }
        #expect(throws: JSONParseError(.tooDeep, at: 1)) { try JSONParser(maxDepth: 1).parse(#"[{"a":[]}]"#) }
        #expect(throws: Never.self) { try JSONParser(maxDepth: 0).parse("1") }
        #expect(throws: JSONParseError(.tooDeep, at: 0)) { try JSONParser(maxDepth: 0).parse("{}") }
        #expect(throws: Never.self) { try JSONParser(maxDepth: 200).parse(nested(200)) }
        // A deep attack stops at the limit, long before the stack is in danger.
        #expect(throws: JSONParseError(.tooDeep, at: 32)) {
            try JSONParser().parse(String(repeating: "[", count: 1_000_000))
        }
    }

    @Test func allEntryPointsAgree() throws {
        let text = #"{"a":[1,"b"]}"#
        let bytes = Array(text.utf8)
        let fromBytes = try JSONParser().parse(bytes)
        #expect(try JSONParser().parse(text) == fromBytes)
        #expect(try bytes.withUnsafeBytes { try JSONParser().parse($0) } == fromBytes)
        #expect(try JSONValue(parsing: bytes) == fromBytes)
        #expect(throws: JSONParseError(.tooDeep, at: 5)) { try JSONValue(parsing: bytes, maxDepth: 1) }
    }

    @Test func errorsDescribeThemselves() {
        let error = JSONParseError(.trailingComma, at: 7)
        #expect(error.message == "trailing comma")
        #expect(error.description == "trailing comma at byte 7")
        for reason in JSONParseError.Reason.allCases {
            #expect(!JSONParseError(reason, at: 0).message.isEmpty)
        }
    }

    @Test func writtenValuesParseBackIdentically() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            let value = RandomJSON.value(seed: seed)
            let bytes = value.jsonBytes
            do {
                let parsed = try JSONParser().parse(bytes)
                #expect(parsed == value, "\(String(decoding: bytes, as: UTF8.self))")
                #expect(parsed.jsonBytes == bytes)
            } catch {
                Issue.record("\(error): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test func readsFoundationsEncodingOfGeneratedStrings() async {
        await propertyCheck(count: 300, input: TrickyText.generator) { string in
            do {
                let encoded = try JSONSerialization.data(withJSONObject: [string: [string]])
                let parsed = try JSONParser().parse(Array(encoded))
                let expected = JSONObject(uniqueKeysWithValues: [(string, JSONValue.array([.string(string)]))])
                #expect(parsed == .object(expected))
            } catch {
                Issue.record("\(error): \(Array(string.unicodeScalars))")
            }
        }
    }

    /// Mutating valid documents byte by byte: whatever the parser accepts, Foundation accepts and
    /// reads the same way; whatever Foundation refuses, the parser refuses.
    @Test func mutatedDocumentsNeverFoolTheParser() async {
        let mutation = Gen.int(in: 0...Int.max).array(of: 1...4)
        await propertyCheck(count: 1000, input: Gen.int(in: 0...Int.max), mutation) { seed, edits in
            var bytes = RandomJSON.value(seed: seed).jsonBytes
            let alphabet =
                Array(#"{}[],:"\\/-+.0123456789eEtrufalsn u"#.utf8) + [0x00, 0x09, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
            for edit in edits {
                let position = bytes.isEmpty ? 0 : edit % (bytes.count + 1)
                let byte = alphabet[(edit / 7) % alphabet.count]
                switch (edit / 3) % 3 {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1 where position < bytes.count: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            let ours = Result { () throws(JSONParseError) in try JSONParser().parse(bytes) }
            let reference = Result { try FoundationJSON.parse(bytes) }
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            switch (ours, reference) {
            case (.success(let value), .success(let any)):
                #expect(FoundationJSON.difference(any, value) == nil, "\(text)")
            case (.success, .failure(let error)):
                Issue.record("accepted what Foundation refuses (\(error)): \(text) \(bytes)")
            case (.failure(let error), _):
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(text)")
            }
        }
    }
}
