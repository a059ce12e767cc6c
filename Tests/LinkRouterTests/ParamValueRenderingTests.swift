import LinkRouting
import Testing

@testable import LinkNavigation
@testable import LinkRouter

/// Each kind of param value is written as its JSON, arrays nested at any depth, in the params
/// object as at the top.
@Suite struct ParamValueRenderingTests {
    @Test func everyKindIsWrittenAsItsJSON() {
        let values: [(String, ParamValue)] = [
            ("i", .int(-42)), ("u", .uint(18_446_744_073_709_551_615)), ("f", .float(1.5)),
            ("b", .bool(true)), ("s", .string("a\"b")), ("n", .null),
            ("a", .array([.int(1), .array([.string("x"), .null]), .array([])])),
        ]
        var writer = JSONWriter()
        writer.routeParams(EntryParams(ordered: values.map { EntryParams.Param(name: $0.0, value: $0.1) }))
        let expected =
            #"{"i":-42,"u":18446744073709551615,"f":1.5,"b":true,"s":"a\"b","n":null,"a":[1,["x",null],[]]}"#
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
    }
}
