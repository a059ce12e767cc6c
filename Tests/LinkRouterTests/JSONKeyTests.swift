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

@Suite struct JSONRepeatTests {
    private func sample(_ writer: inout JSONWriter, _ text: String) {
        writer.beginObject()
        writer.field("a", text)
        writer.key("b")
        writer.beginArray()
        writer.int(1)
        writer.null()
        writer.endArray()
        writer.endObject()
    }

    /// A recorded value written again by copy gives the same text as writing it again, commas
    /// included, after a key and inside an array.
    @Test(arguments: JSONWriterTests.trickyStrings)
    func repeatedValuesEqualWrittenOnes(_ text: String) {
        var expected = JSONWriter(capacity: 8)
        var copied = JSONWriter(capacity: 8)
        expected.beginArray()
        copied.beginArray()
        expected.string("first")
        copied.string("first")
        sample(&expected, text)
        let range = copied.recordValue { sample(&$0, text) }
        expected.beginObject()
        copied.beginObject()
        expected.key("again")
        copied.key("again")
        sample(&expected, text)
        copied.repeatValue(range)
        expected.endObject()
        copied.endObject()
        sample(&expected, text)
        copied.repeatValue(range)
        expected.endArray()
        copied.endArray()
        #expect(copied.bytes == expected.bytes)
    }
}
