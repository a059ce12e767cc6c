import Testing

@testable import LinkRouter

@Suite struct JSONKeyTests {
    /// A pre-quoted key or constant writes exactly what the string path writes, commas included.
    @Test(arguments: JSONWriterTests.trickyStrings + ["status", "id", "a\"b"])
    func preQuotedEqualsQuoted(_ text: String) {
        var quoted = JSONWriter(capacity: 16)
        var prepared = JSONWriter(capacity: 16)
        let key = JSONKey(text)
        let constant = JSONConstant(text)
        quoted.beginObject()
        prepared.beginObject()
        for _ in 0..<2 {
            quoted.key(text)
            quoted.string(text)
            prepared.key(key)
            prepared.constant(constant)
        }
        quoted.field("n", 1)
        prepared.field(JSONKey("n"), 1)
        quoted.key("list")
        quoted.beginArray()
        quoted.string(text)
        quoted.string(text)
        quoted.endArray()
        prepared.key(JSONKey("list"))
        prepared.beginArray()
        prepared.constant(constant)
        prepared.constant(constant)
        prepared.endArray()
        quoted.endObject()
        prepared.endObject()
        #expect(prepared.bytes == quoted.bytes)
    }
}
