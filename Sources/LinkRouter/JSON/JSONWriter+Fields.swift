/// One-call object members (`key` then the value), and a `nil` optional written as `null`.
extension JSONWriter {
    public mutating func field(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    public mutating func field(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    public mutating func field(_ key: String, _ value: Int) {
        self.key(key)
        int(value)
    }

    public mutating func field(_ key: String, _ value: Int?) {
        self.key(key)
        if let value { int(value) } else { null() }
    }

    public mutating func field(_ key: String, _ value: UInt64) {
        self.key(key)
        uint(value)
    }

    public mutating func field(_ key: String, _ value: Double) {
        self.key(key)
        double(value)
    }

    public mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    public mutating func field(_ key: String, _ value: JSONValue) {
        self.key(key)
        value.write(to: &self)
    }

    /// A member whose value is `null`.
    public mutating func nullField(_ key: String) {
        self.key(key)
        null()
    }

    /// A member whose value is pre-rendered JSON, appended as it is.
    public mutating func rawField(_ key: String, _ fragment: [UInt8]) {
        self.key(key)
        raw(fragment)
    }

    /// A member whose value is an array of strings.
    public mutating func field(_ key: String, _ values: [String]) {
        self.key(key)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes `value` (any JSON value, nested containers included).
    public mutating func value(_ value: JSONValue) {
        value.write(to: &self)
    }

    /// Writes an object whose members `body` writes: `writer.object { $0.field("a", 1) }`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// Writes an array whose elements `body` writes.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// A member whose value is an object that `body` writes.
    public mutating func objectField(_ key: String, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        object(body)
    }

    /// A member whose value is an array that `body` writes.
    public mutating func arrayField(_ key: String, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        array(body)
    }
}
