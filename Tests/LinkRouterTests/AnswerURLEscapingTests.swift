import LinkRouterHTTP
import Testing

@testable import LinkRouter

/// The answer's `url` is written from the link's bytes, copied as they are when the match found
/// them plain: a link with a byte to escape (`"`, `\`, bytes beyond ASCII, U+2028), written as
/// such or percent-encoded, in the path or after it, comes out escaped exactly as any string.
@Suite struct AnswerURLEscapingTests {
    static let table = """
        app: { name: t, schemes: [t], hosts: [t.example.com] }
        screens:
          home: {}
          file: { parent: home, params: { rest: string } }
        routes:
          - { name: home, pattern: "/", screen: home }
          - { name: file, pattern: "/files/{rest:path}", screen: file, query: { q: "string?" } }
        """

    static let links = [
        "t://files/plain/link", "https://t.example.com/files/plain_link/0123456789", "t://files/a\\b",
        "t://files/a\"b", "https://t.example.com/files/quote\"d/back\\slash", "t://files/%22x%5C%0",
        "t://files/caf\u{E9}", "t://files/line\u{2028}sep", "https://t.example.com/files/a?q=\"\\",
        "https://t.example.com/files/a#\"\\\u{E9}", "https://T.example.com/files/a\\", "t://files/a-b.c",
    ]

    /// The member as the writer writes any string.
    static func member(_ link: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("url")
        writer.string(link)
        writer.endObject()
        let text = String(decoding: writer.finish(), as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }

    @Test(arguments: links)
    func theURLIsEscapedAsAnyString(_ link: String) throws {
        let client = try APIFixture.client(yaml: Self.table)
        let id = client.createSession()
        var fields = HTTPHeaders()
        fields.add("Content-Type", "text/plain")
        let request = HTTPRequest(
            method: .post,
            path: "/v1/sessions/\(id)/navigate",
            headers: fields,
            body: Array(link.utf8)
        )
        let reply = APIReply(client.responder.respond(to: request))
        guard reply.status == 200 else {
            // `%0` is malformed: refused, and named by its own text.
            #expect(link.hasSuffix("%0") && reply.status == 400, "\(reply)")
            return
        }
        reply.expectJSON(200)
        #expect(reply["url"]?.stringValue == link)
        #expect(reply.text.contains("," + Self.member(link) + ","), "\(reply.text)")
    }

    @Test func escapesAreThoseOfTheWriter() {
        #expect(Self.member("t://files/a\\b\"c") == #""url":"t://files/a\\b\"c""#)
        #expect(Self.member("t://x/\u{2028}") == #""url":"t://x/\u2028""#)
        #expect(Self.member("t://x/%22") == #""url":"t://x/%22""#)
    }

    /// ``JSONWriter/string(utf8:isPlainText:)`` writes what ``JSONWriter/string(utf8:)`` does for
    /// plain text, copied; told the text is not plain, it escapes as that does.
    @Test func plainTextIsCopiedAsTheWriterWouldWriteIt() {
        func text(_ write: (inout JSONWriter) -> Void) -> String {
            var writer = JSONWriter(capacity: 16)
            writer.beginArray()
            write(&writer)
            write(&writer)
            writer.endArray()
            return String(decoding: writer.finish(), as: UTF8.self)
        }
        for value in ["", "a", "t://files/plain/link", String(repeating: "0123456789", count: 30)] {
            let bytes = Array(value.utf8)
            let plain = bytes.withUnsafeBufferPointer { buffer in text { $0.string(utf8: buffer, isPlainText: true) } }
            #expect(plain == text { $0.string(value) })
        }
        for value in ["a\"b", "a\\b", "caf\u{E9}", "\u{2028}", "plain"] {
            let bytes = Array(value.utf8)
            let told = bytes.withUnsafeBufferPointer { buffer in text { $0.string(utf8: buffer, isPlainText: false) } }
            #expect(told == text { $0.string(value) })
        }
    }
}
