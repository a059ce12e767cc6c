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

    /// A key given as its text after a comma: `JSONKey(literal: #","status":"#)`.
    @inline(__always)
    init(literal: StaticString) { tokens = PreRenderedTokens(literal: literal) }

    /// This key's text without a hold on its storage, for a holder that keeps this key too.
    var held: HeldKey { HeldKey(tokens.text) }
}

/// A key's text by pointer alone, two words with nothing to retain: what the navigation renderer
/// keeps per screen and route (``ScreenTokens``), where a ``JSONKey`` would retain its storage on
/// every read. Valid only while the ``JSONKey`` it came from is alive: its holder keeps both.
struct HeldKey: @unchecked Sendable {
    // @unchecked: the bytes are never written; the holder keeps them alive (see above).

    /// A comma, then the text.
    fileprivate let text: UnsafeBufferPointer<UInt8>

    fileprivate init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// A key whose text (a comma, then `"name":`) lies in memory its holder keeps alive and
    /// unchanged for as long as it hands the key out (such as a ``ScreenRow``).
    init(lending text: UnsafeBufferPointer<UInt8>) { self.text = text }
}

/// A string value from a small fixed set (a status, a presentation), quoted and escaped once.
public struct JSONConstant: Sendable {
    /// `"text"`, and `,"text"` for when a comma is due.
    let tokens: PreRenderedTokens

    public init(_ text: String) { tokens = PreRenderedTokens { $0.string(text) } }

    /// Any valid JSON that ends a value, rendered together (such as `"presentation":"push"}`,
    /// which closes an object): written as one constant.
    init(tokens: PreRenderedTokens) { self.tokens = tokens }

    /// A constant given as its text after a comma: `JSONConstant(literal: #","push""#)`.
    @inline(__always)
    init(literal: StaticString) { tokens = PreRenderedTokens(literal: literal) }
}

/// JSON text rendered once, with and without the comma that separates it from what comes before:
/// one run of bytes, the comma first.
///
/// The bytes are either rendered at run time into storage the tokens own, or a literal in the
/// binary (``init(literal:)``): writing a literal token retains nothing and runs no lazy
/// initialisation, which a `static let` of rendered tokens does on every access.
struct PreRenderedTokens: @unchecked Sendable {
    // @unchecked: the bytes are never written after `init`, and `owner` keeps rendered ones alive.

    /// A comma, then the text.
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    /// Owns `bytes` when they were rendered; `nil` for a literal, which lives as long as the binary.
    private let owner: RenderedBytes?

    init(_ write: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(capacity: 32)
        write(&writer)
        let owner = RenderedBytes([JSONByte.comma] + writer.finish())
        self.owner = owner
        bytes = owner.bytes
    }

    /// Text given as a literal: a comma, then valid JSON text (such as `#","status":"#`), which
    /// the caller has checked (JSONKeyTests compares every literal with its rendered form).
    @inline(__always)
    init(literal: StaticString) {
        // A string literal of more than one character is stored as UTF-8 in the binary.
        bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        owner = nil
    }

    /// A comma, then the text: valid while `self` (its `owner`) is alive.
    fileprivate var text: UnsafeBufferPointer<UInt8> { bytes }

    /// Lends the text, after a comma when `comma`.
    @inline(__always)
    func withText<R>(comma: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // `owner`, if any, is alive for as long as `self`, which the caller holds during `body`.
        body(comma ? bytes : UnsafeBufferPointer(rebasing: bytes[1...]))
    }
}

/// Rendered token bytes, kept in memory of their own so that tokens can lend them by pointer.
final class RenderedBytes: @unchecked Sendable {
    // @unchecked: the bytes are written once, in `init`, and only read after.
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ text: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = storage.initialize(from: text)
        bytes = UnsafeBufferPointer(storage)
    }

    deinit { bytes.deallocate() }
}

extension JSONWriter {
    /// Writes a pre-quoted key and the colon; the next call writes its value. (Inlined, as is
    /// ``constant(_:)``: the write is one copy, and a call cost a fifth as much again.)
    @inline(__always)
    public mutating func key(_ key: JSONKey) {
        appendToken(key.tokens)
        needsComma = false
    }

    /// Writes a held key (whose holder is alive: see ``HeldKey``) and the colon.
    @inline(__always)
    mutating func key(_ key: HeldKey) {
        appendText(key.text)
        needsComma = false
    }

    /// ``key(_:)-(HeldKey)`` for a key most often of 16 to 32 bytes (an entry's
    /// `"screen":"NAME","params":`): see ``appendMidText(_:)``.
    @inline(__always)
    mutating func midKey(_ key: HeldKey) {
        appendMidText(key.text)
        needsComma = false
    }

    /// Writes a pre-rendered run that closes the container open and opens the next one, such as
    /// `],"transition":[`: no comma goes in front of it; the next call writes the first element
    /// or member.
    @inline(__always)
    mutating func reopen(_ key: JSONKey) {
        appendClosingText(key.tokens.bytes)
        needsComma = false
    }

    /// Writes a pre-rendered run that closes the container open and ends with a value, such as
    /// the end of an answer: no comma goes in front of it.
    @inline(__always)
    mutating func close(_ run: JSONConstant) {
        appendClosingText(run.tokens.bytes)
        needsComma = true
    }

    /// Writes the member `key` with the value `value`, then the key `next` (`"version":3,"url":`)
    /// with one room check, for a value of one or two digits; otherwise as ``field(_:_:)-(JSONKey,Int)``
    /// and ``key(_:)-(JSONKey)`` write them.
    @inline(__always)
    mutating func field(_ key: JSONKey, _ value: Int, thenKey next: JSONKey) {
        guard UInt(bitPattern: value) < 100 else {
            field(key, value)
            self.key(next)
            return
        }
        // Both keys' texts start with their comma: the first's is written when one is due, the
        // second's always (it follows the value).
        let first = key.tokens.bytes
        let second = next.tokens.bytes
        guard let firstStart = first.baseAddress, let secondStart = second.baseAddress else { return }
        let comma = needsComma ? 1 : 0
        let tens = value >= 10 ? 1 : 0
        let length = comma &+ (first.count &- 1) &+ 1 &+ tens &+ second.count
        var text = reserve(length)
        text.initialize(to: JSONByte.comma)
        text += comma
        ShortBytes.copy(from: firstStart + 1, to: text, count: first.count &- 1)
        text += first.count &- 1
        text.initialize(to: JSONByte.zero &+ UInt8(truncatingIfNeeded: value / 10))
        text += tens
        text.initialize(to: JSONByte.zero &+ UInt8(truncatingIfNeeded: value % 10))
        ShortBytes.copy(from: secondStart, to: text + 1, count: second.count)
        advance(by: length)
        needsComma = false
    }

    /// Writes a pre-quoted string value.
    @inline(__always)
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
