/// An object key fixed when the code is written, quoted and escaped once, so that writing it is a
/// single copy: `writer.field(.status, "navigated")`. Answers write dozens of keys each; quoting
/// them anew every time was a third of the writer's work.
public struct JSONKey: Sendable {
    /// `"name":`, and `,"name":` for when a comma is due.
    let tokens: PreRenderedTokens

    public init(_ name: String) { tokens = PreRenderedTokens { $0.key(name) } }

    /// Several members and a final key rendered together, such as `"screen":"home","params":`:
    /// written as one key.
    init(tokens: PreRenderedTokens) { self.tokens = tokens }
}

/// A string value from a small fixed set (a status, a presentation), quoted and escaped once.
public struct JSONConstant: Sendable {
    /// `"text"`, and `,"text"` for when a comma is due.
    let tokens: PreRenderedTokens

    public init(_ text: String) { tokens = PreRenderedTokens { $0.string(text) } }

    /// Any valid JSON that ends a value, rendered together (such as `"presentation":"push"}`,
    /// which closes an object): written as one constant.
    init(tokens: PreRenderedTokens) { self.tokens = tokens }
}

/// JSON text rendered once, with and without the comma that separates it from what comes before.
///
/// One array holds both, the comma first: writing a token retains one array, not two.
struct PreRenderedTokens: Sendable {
    /// A comma, then the text.
    private let bytes: [UInt8]

    init(_ write: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(capacity: 32)
        write(&writer)
        bytes = [JSONByte.comma] + writer.finish()
    }

    /// Lends the text, after a comma when `comma`.
    @inline(__always)
    func withText<R>(comma: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { all in
            body(comma ? all : UnsafeBufferPointer(rebasing: all[1...]))
        }
    }
}

extension JSONWriter {
    /// Writes a pre-quoted key and the colon; the next call writes its value.
    public mutating func key(_ key: JSONKey) {
        appendToken(key.tokens)
        needsComma = false
    }

    /// Writes a pre-quoted string value.
    public mutating func constant(_ value: JSONConstant) {
        appendToken(value.tokens)
        needsComma = true
    }

    public mutating func field(_ key: JSONKey, _ value: String) {
        self.key(key)
        string(value)
    }

    public mutating func field(_ key: JSONKey, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    public mutating func field(_ key: JSONKey, _ value: Int) {
        self.key(key)
        int(value)
    }

    public mutating func field(_ key: JSONKey, _ value: JSONConstant) {
        self.key(key)
        constant(value)
    }

    public mutating func field(_ key: JSONKey, _ values: [String]) {
        self.key(key)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    public mutating func nullField(_ key: JSONKey) {
        self.key(key)
        null()
    }
}
