import LinkRouting
import PropertyBased
import Testing

private func parsed(_ type: ParamType, _ text: String) -> ParamValue? {
    try? ParamSpec(type).value(parsing: text)
}

private let uuidUpper = "ABCDEF01-2345-6789-ABCD-EF0123456789"

@Suite struct ParamTypeTests {
    @Test(arguments: [
        (ParamType.int, "0", ParamValue.int(0)),
        (.int, "-42", .int(-42)),
        (.int, "007", .int(7)),
        (.int, "9223372036854775807", .int(.max)),
        (.int, "-9223372036854775808", .int(.min)),
        (.uint, "0", .uint(0)),
        (.uint, "18446744073709551615", .uint(.max)),
        (.float, "1", .float(1)),
        (.float, "-2.5", .float(-2.5)),
        (.float, "1e3", .float(1000)),
        (.float, "1.5E-2", .float(0.015)),
        (.float, "-2e+3", .float(-2000)),
        (.bool, "true", .bool(true)),
        (.bool, "false", .bool(false)),
        (.string, "any text é 日", .string("any text é 日")),
        (.slug, "Ab-9_x", .string("Ab-9_x")),
        (.uuid, uuidUpper, .string(uuidUpper.lowercased())),
        (.uuid, "abcdef01-2345-6789-abcd-ef0123456789", .string("abcdef01-2345-6789-abcd-ef0123456789")),
        (.date, "2024-02-29", .string("2024-02-29")),
        (.date, "2000-02-29", .string("2000-02-29")),
        (.date, "2023-12-31T23:59", .string("2023-12-31T23:59")),
        (.date, "2023-01-01T00:00:00Z", .string("2023-01-01T00:00:00Z")),
        (.date, "2024-02-29T10:00:00.5+02:00", .string("2024-02-29T10:00:00.5+02:00")),
        (.date, "2024-02-29T10:00-05:30", .string("2024-02-29T10:00-05:30")),
        (.enum(["new", "Old"]), "Old", .string("Old")),
    ])
    func acceptsValidTextAsTypedValue(type: ParamType, text: String, value: ParamValue) {
        #expect(parsed(type, text) == value)
    }

    @Test(arguments: [
        (ParamType.int, "9223372036854775808"), (.int, "-9223372036854775809"), (.int, "+1"), (.int, "1.0"),
        (.int, "-"), (.int, ""), (.int, "1e3"), (.int, " 1"), (.int, "٣"),
        (.uint, "-1"), (.uint, "-0"), (.uint, "18446744073709551616"), (.uint, "+1"),
        (.float, "inf"), (.float, "nan"), (.float, ".5"), (.float, "5."), (.float, "+1"), (.float, "1e"),
        (.float, "1e400"), (.float, "0x10"), (.float, "1,5"),
        (.bool, "True"), (.bool, "1"), (.bool, "yes"), (.bool, "truee"),
        (.string, ""),
        (.slug, "a b"), (.slug, "café"), (.slug, "a.b"), (.slug, "a/b"), (.slug, ""),
        (.uuid, "abcdef01-2345-6789-abcd-ef012345678"), (.uuid, "abcdef0123456789abcdef0123456789"),
        (.uuid, "gbcdef01-2345-6789-abcd-ef0123456789"), (.uuid, "abcdef01_2345-6789-abcd-ef0123456789"),
        (.date, "2023-02-29"), (.date, "2100-02-29"), (.date, "2024-04-31"), (.date, "2024-13-01"),
        (.date, "2024-00-10"), (.date, "2024-01-00"), (.date, "2024-2-09"), (.date, "2024-02-29T"),
        (.date, "2024-02-29T24:00"), (.date, "2024-02-29T10:60"), (.date, "2024-02-29 10:00"),
        (.date, "2024-02-29T10:00:00."), (.date, "2024-02-29T10:00+0200"), (.date, "2024-02-29T10:00Zx"),
        (.date, "2024-02-29T1:00"), (.date, "24-02-29"),
        (.enum(["new", "Old"]), "old"), (.enum(["new", "Old"]), "NEW"), (.enum(["new", "Old"]), ""),
    ])
    func rejectsInvalidText(type: ParamType, text: String) {
        #expect(parsed(type, text) == nil)
    }

    @Test func lengthsCountUnicodeScalars() throws {
        let spec = try ParamSpec(type: .string, minLength: 2, maxLength: 3)
        #expect(throws: ParamSpecError.self) { try spec.value(parsing: "é") }
        #expect(try spec.value(parsing: "é日") == .string("é日"))
        #expect(try spec.value(parsing: "e\u{301}") == .string("e\u{301}"))
        #expect(try spec.value(parsing: "😀😀😀") == .string("😀😀😀"))
        #expect(throws: ParamSpecError.self) { try spec.value(parsing: "abcd") }
        let slug = try ParamSpec(type: .slug, maxLength: 2)
        #expect(throws: ParamSpecError.self) { try slug.value(parsing: "abc") }
    }

    @Test func numericBoundsAreInclusive() throws {
        let page = try ParamSpec(type: .int, min: 1, max: 99)
        #expect(try page.value(parsing: "1") == .int(1))
        #expect(try page.value(parsing: "99") == .int(99))
        #expect(throws: ParamSpecError.self) { try page.value(parsing: "0") }
        #expect(throws: ParamSpecError.self) { try page.value(parsing: "100") }
        let ratio = try ParamSpec(type: .float, min: 0, max: 0.5)
        #expect(throws: ParamSpecError.self) { try ratio.value(parsing: "0.51") }
        #expect(try ratio.value(parsing: "5e-1") == .float(0.5))
    }

    @Test
    func intBoundsAreExactFor64BitValues() throws {
        let spec = try ParamSpec(type: .int, max: 9_007_199_254_740_992)
        #expect(throws: ParamSpecError.self) { try spec.value(parsing: "9007199254740993") }
    }

    @Test func specRejectsConstraintsThatDoNotFit() {
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .string, min: 1) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .bool, max: 1) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .int, minLength: 1) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .uuid, maxLength: 36) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .int, min: 5, max: 1) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .string, minLength: 5, maxLength: 2) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(type: .string, minLength: -1) }
        #expect(throws: Never.self) { try ParamSpec(type: .uint, min: 3, max: 3) }
    }

    @Test(arguments: ["integer", "Int", "enum()", "enum(a||b)", "enum(a|a)", "enum(a", "", "string?"])
    func unknownTypeNamesAreNil(name: String) {
        #expect(ParamType(name: name) == nil)
    }

    @Test(arguments: [ParamType.int, .uint, .float, .bool, .string, .slug, .uuid, .date, .path, .enum(["a", "b"])])
    func typeNamesRoundTrip(type: ParamType) {
        #expect(ParamType(name: type.name) == type)
    }

    @Test func validateChecksTypeAndBounds() throws {
        let int = try ParamSpec(type: .int, max: 10)
        #expect(throws: Never.self) { try int.validate(.int(10)) }
        #expect(throws: ParamSpecError.self) { try int.validate(.int(11)) }
        #expect(throws: ParamSpecError.self) { try int.validate(.string("x")) }
        #expect(throws: ParamSpecError.self) { try int.validate(.bool(true)) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(.uint).validate(.int(-1)) }
        #expect(throws: Never.self) { try ParamSpec(.float).validate(.int(2)) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(.float).validate(.float(.infinity)) }
        #expect(throws: ParamSpecError.self) { try ParamSpec(.uuid).validate(.string("nope")) }
    }

    @Test(arguments: [
        ("int", ParamType.int, ParamDeclaration.Mode.required),
        ("int?", .int, .optional),
        ("string=direct", .string, .defaulted(.string("direct"))),
        ("int=7", .int, .defaulted(.int(7))),
        ("float=2", .float, .defaulted(.float(2))),
        ("uuid=" + uuidUpper, .uuid, .defaulted(.string(uuidUpper.lowercased()))),
        ("[int]", .int, .array),
        ("enum(a|b)=a", .enum(["a", "b"]), .defaulted(.string("a"))),
        ("enum(a|b)?", .enum(["a", "b"]), .optional),
        ("string=a=b", .string, .defaulted(.string("a=b"))),
    ])
    func declarationShorthandParses(text: String, type: ParamType, mode: ParamDeclaration.Mode) throws {
        let declaration = try ParamDeclaration(parsing: text)
        #expect(declaration.spec.type == type)
        #expect(declaration.mode == mode)
        #expect(declaration.isRequired == (mode == .required))
    }

    @Test(arguments: [
        "int=abc", "enum(a|b)=c", "bool=yes", "string=", "[path]", "path", "integer", "[int", "int??", "?",
    ])
    func invalidShorthandIsRejected(text: String) {
        #expect(throws: ParamSpecError.self) { try ParamDeclaration(parsing: text) }
    }

    @Test func mapFormRejectsOptionalWithDefaultAndDefaultsThatDoNotFit() throws {
        let int = try ParamSpec(type: .int, min: 1, max: 5)
        #expect(throws: ParamSpecError.self) { try ParamDeclaration(spec: int, optional: true, default: .int(2)) }
        #expect(throws: ParamSpecError.self) { try ParamDeclaration(spec: int, default: .int(6)) }
        #expect(throws: ParamSpecError.self) { try ParamDeclaration(spec: int, default: .string("x")) }
        #expect(try ParamDeclaration(spec: int, default: .string("3")).mode == .defaulted(.int(3)))
        #expect(try ParamDeclaration(spec: int, optional: true).mode == .optional)
        #expect(try ParamDeclaration(spec: int).mode == .required)
    }

    @Test func intAndUIntTextRoundTrips() async {
        await propertyCheck(input: Gen.int64()) { value in
            #expect(parsed(.int, String(value)) == .int(value))
            #expect(parsed(.int, ParamValue.int(value).text) == .int(value))
        }
        await propertyCheck(input: Gen.uint64()) { value in
            #expect(parsed(.uint, String(value)) == .uint(value))
        }
    }

    @Test func floatTextRoundTrips() async {
        await propertyCheck(input: Gen.int64(in: -1_000_000...1_000_000), Gen.int(in: -30...30)) { mantissa, exponent in
            let value = Double("\(mantissa)e\(exponent)") ?? 0
            #expect(parsed(.float, ParamValue.float(value).text) == .float(value), "\(value)")
        }
    }
}
