/// Appends JSON text to a byte buffer: the one way every answer is written.
///
/// Commas are automatic: each value or key written after another one in the same container gets
/// one in front. Keys come out in the order they are written. Strings are always escaped, so no
/// value is ever interpolated into JSON text by hand:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.field("status", "navigated")
/// writer.field("version", 4)
/// writer.key("warnings")
/// writer.beginArray()
/// writer.endArray()
/// writer.endObject()
/// // {"status":"navigated","version":4,"warnings":[]}
/// ```
///
/// The writer does not check that calls nest properly (a key outside an object, an unclosed array):
/// the caller's code shape is the structure, and checking it would cost every call.
public struct JSONWriter: Sendable {
    /// The JSON text written so far, as UTF-8.
    public private(set) var bytes: [UInt8]
    /// Whether the next key or value needs a comma in front of it.
    var needsComma = false

    /// Creates an empty writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage, so one writer can serve several answers.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        bytes.append(JSONByte.openBrace)
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(JSONByte.closeBrace)
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(JSONByte.openBracket)
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(JSONByte.closeBracket)
        needsComma = true
    }

    /// Writes an object key (escaped) and the colon; the next call writes its value.
    public mutating func key(_ name: String) {
        appendQuoted(name, colon: true)
        needsComma = false
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        appendQuoted(value, colon: false)
        needsComma = true
    }

    public mutating func string(_ value: Substring) {
        if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, colon: false) }) == nil {
            var value = value
            value.withUTF8 { appendQuoted($0, colon: false) }
        }
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        JSONNumberText.appendDecimal(value, to: &bytes, afterComma: needsComma)
        needsComma = true
    }

    public mutating func uint(_ value: UInt64) {
        JSONNumberText.appendDecimal(value, to: &bytes, afterComma: needsComma)
        needsComma = true
    }

    /// Writes the shortest text that reads back as exactly `value`; `null` when it is not finite.
    public mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            JSONNumberText.appendShortest(value, to: &bytes)
        } else {
            bytes.append(contentsOf: JSONByte.null)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? JSONByte.true : JSONByte.false)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: JSONByte.null)
        needsComma = true
    }

    /// Appends pre-rendered JSON (one complete value) as it is; the caller vouches for its validity.
    public mutating func raw(_ fragment: [UInt8]) {
        separate()
        bytes.append(contentsOf: fragment)
        needsComma = true
    }

    // MARK: Plumbing

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(JSONByte.comma) }
    }

    /// Writes one value with `body` and returns where its text lies in ``bytes`` (its comma excluded),
    /// so that ``repeatValue(_:)`` can write the same value again by copying it.
    mutating func recordValue(_ body: (inout JSONWriter) -> Void) -> Range<Int> {
        separate()
        needsComma = false
        let start = bytes.count
        body(&self)
        needsComma = true
        return start..<bytes.count
    }

    /// Writes again a value recorded by ``recordValue(_:)`` in this writer.
    mutating func repeatValue(_ range: Range<Int>) {
        separate()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { copy in
            bytes.withUnsafeBufferPointer { written in
                _ = copy.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: written[range]))
            }
            bytes.append(contentsOf: UnsafeBufferPointer(copy))
        }
        needsComma = true
    }

    /// Appends a pre-rendered token, the variant with its comma in front when one is due.
    @inline(__always)
    mutating func appendToken(_ tokens: PreRenderedTokens) {
        bytes.append(contentsOf: needsComma ? tokens.afterComma : tokens.plain)
    }

    /// Appends the separator if due, then `value` quoted and escaped, then a colon if asked.
    private mutating func appendQuoted(_ value: String, colon: Bool) {
        // Native and small strings lend their UTF-8 directly; only a bridged one needs a copy.
        if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, colon: colon) }) == nil {
            var value = value
            value.withUTF8 { appendQuoted($0, colon: colon) }
        }
    }

    /// The longest string assembled on the stack and appended in one go.
    private static let shortLimit = 64

    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
        // Each `append` checks the buffer's uniqueness and capacity, so a short string that needs
        // no escaping (most keys and values) is assembled with its punctuation and appended once.
        guard utf8.count <= Self.shortLimit, Self.needsNoEscaping(utf8) else {
            separate()
            bytes.append(JSONByte.quote)
            appendEscaped(utf8)
            bytes.append(JSONByte.quote)
            if colon { bytes.append(JSONByte.colon) }
            return
        }
        let comma = needsComma
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.shortLimit + 4) { token in
            var length = 0
            if comma {
                token[0] = JSONByte.comma
                length = 1
            }
            token[length] = JSONByte.quote
            length &+= 1
            if let source = utf8.baseAddress {
                (token.baseAddress! + length).initialize(from: source, count: utf8.count)
                length &+= utf8.count
            }
            token[length] = JSONByte.quote
            length &+= 1
            if colon {
                token[length] = JSONByte.colon
                length &+= 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: token[0..<length]))
        }
    }

    /// Whether no byte of `utf8` needs escaping (a lead byte 0xE2 counts as needing it).
    private static func needsNoEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let count = utf8.count
        var index = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if !JSONByteScan.isPlainForWriter(word) {
                for offset in index..<(index &+ 8) where mayNeedEscape(utf8[offset]) { return false }
            }
            index &+= 8
        }
        while index < count {
            if mayNeedEscape(utf8[index]) { return false }
            index &+= 1
        }
        return true
    }

    /// Copies runs of bytes that need no escaping in one go and escapes the rest.
    ///
    /// The input is valid UTF-8 (it comes from a Swift string), so every byte of a multi-byte
    /// sequence is at least 0x80 and only the lead byte 0xE2 can start U+2028 or U+2029.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var index = 0
        while index < count {
            // Skip plain ASCII eight bytes at a time; look at the bytes of any other word singly.
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if JSONByteScan.isPlainForWriter(word) {
                    index &+= 8
                    continue
                }
            }
            let wordEnd = min(index &+ 8, count)
            while index < wordEnd {
                let byte = utf8[index]
                guard Self.mayNeedEscape(byte) else {
                    index &+= 1
                    continue
                }
                if byte == 0xE2 {
                    // U+2028 is E2 80 A8 and U+2029 is E2 80 A9; other E2 sequences pass as they are.
                    guard index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 else {
                        index &+= 1
                        continue
                    }
                    appendRun(utf8, from: runStart, to: index)
                    bytes.append(contentsOf: utf8[index + 2] == 0xA8 ? JSONByte.escapedU2028 : JSONByte.escapedU2029)
                    index &+= 3
                    runStart = index
                    continue
                }
                appendRun(utf8, from: runStart, to: index)
                appendEscape(for: byte)
                index &+= 1
                runStart = index
            }
        }
        appendRun(utf8, from: runStart, to: count)
    }

    @inline(__always)
    private mutating func appendRun(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        if start < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end])) }
    }

    /// Bytes that may need escaping: controls, `"`, `\`, DEL, and 0xE2 (the lead byte of U+2028/9).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash || byte == 0x7F || byte == 0xE2
    }

    private mutating func appendEscape(for byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case JSONByte.quote: JSONByte.quote
            case JSONByte.backslash: JSONByte.backslash
            case 0x08: UInt8(ascii: "b")
            case 0x09: UInt8(ascii: "t")
            case 0x0A: UInt8(ascii: "n")
            case 0x0C: UInt8(ascii: "f")
            case 0x0D: UInt8(ascii: "r")
            default: nil
            }
        if let short {
            bytes.append(JSONByte.backslash)
            bytes.append(short)
            return
        }
        // \u00XX with lowercase hex digits, for the other controls and DEL.
        bytes.append(contentsOf: JSONByte.unicodeEscapePrefix)
        bytes.append(JSONByte.hexDigit(byte >> 4))
        bytes.append(JSONByte.hexDigit(byte & 0x0F))
    }
}

/// The ASCII bytes the JSON writer and the metrics text use.
enum JSONByte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")

    static let null: [UInt8] = Array("null".utf8)
    static let `true`: [UInt8] = Array("true".utf8)
    static let `false`: [UInt8] = Array("false".utf8)
    static let unicodeEscapePrefix: [UInt8] = Array("\\u00".utf8)
    static let escapedU2028: [UInt8] = Array("\\u2028".utf8)
    static let escapedU2029: [UInt8] = Array("\\u2029".utf8)

    /// The lowercase hexadecimal digit for `nibble` (0...15).
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? zero &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
