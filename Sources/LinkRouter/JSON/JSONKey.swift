/// An object key fixed when the code is written, quoted and escaped once, so that writing it is a
/// single copy: `writer.field(.status, "navigated")`. Answers write dozens of keys each; quoting
/// them anew every time was a third of the writer's work.
public struct JSONKey: Sendable {
    /// `"name":`
    let token: [UInt8]
    /// `,"name":`
    let tokenAfterComma: [UInt8]

    public init(_ name: String) {
        var writer = JSONWriter(capacity: name.utf8.count + 8)
        writer.key(name)
        token = writer.bytes
        tokenAfterComma = [JSONByte.comma] + writer.bytes
    }
}

/// A string value from a small fixed set (a status, a presentation), quoted and escaped once.
public struct JSONConstant: Sendable {
    /// `"text"`
    let token: [UInt8]
    /// `,"text"`
    let tokenAfterComma: [UInt8]

    public init(_ text: String) {
        var writer = JSONWriter(capacity: text.utf8.count + 8)
        writer.string(text)
        token = writer.bytes
        tokenAfterComma = [JSONByte.comma] + writer.bytes
    }
}

extension JSONWriter {
    /// Writes a pre-quoted key and the colon; the next call writes its value.
    public mutating func key(_ key: JSONKey) {
        appendToken(key.token, afterComma: key.tokenAfterComma)
        needsComma = false
    }

    /// Writes a pre-quoted string value.
    public mutating func constant(_ value: JSONConstant) {
        appendToken(value.token, afterComma: value.tokenAfterComma)
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
