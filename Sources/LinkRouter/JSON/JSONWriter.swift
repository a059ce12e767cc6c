public import LinkRouterHTTP

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
///
/// The writer owns its buffer outright (it cannot be copied), so a write is a capacity check and a
/// copy through a pointer: no uniqueness check of a shared array per call. The buffer is a
/// ``ResponseBytes`` block, which ``finishBlock()`` hands over whole to become a response body that
/// the server sends without copying it.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    // @unchecked: the block is owned by this one value until it is handed over; nothing else
    // writes to it.

    /// Holds the text: `base[0..<count]` is written; the rest, up to `capacity`, is room to write into.
    private var block: ResponseBytes
    /// `block.start`, kept so that a write does not ask the block for it.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Whether the next key or value needs a comma in front of it.
    var needsComma = false

    /// Creates an empty writer whose buffer has room for at least `capacity` bytes before it grows
    /// (all the room of the block it gets: a pooled block has more).
    public init(capacity: Int = 1024) {
        block = ResponseBytes(capacity: Swift.max(capacity, 16))
        self.capacity = block.capacity
        base = block.start
    }

    /// The JSON text written so far, as UTF-8.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The text written, and leaves the writer empty.
    public mutating func finish() -> [UInt8] {
        let text = bytes
        count = 0
        needsComma = false
        return text
    }

    /// The text written, in the block it was written into: no copy.
    public consuming func finishBlock() -> ResponseBytes {
        block.count = count
        return block
    }

    /// Empties the buffer, keeping its storage, so one writer can serve several answers.
    public mutating func reset() {
        count = 0
        needsComma = false
    }

    // MARK: Containers

    // Inlined: a byte or two each, where a call costs more than the write.

    @inline(__always)
    public mutating func beginObject() {
        punctuate(JSONByte.openBrace)
        needsComma = false
    }

    @inline(__always)
    public mutating func endObject() {
        append(JSONByte.closeBrace)
        needsComma = true
    }

    @inline(__always)
    public mutating func beginArray() {
        punctuate(JSONByte.openBracket)
        needsComma = false
    }

    @inline(__always)
    public mutating func endArray() {
        append(JSONByte.closeBracket)
        needsComma = true
    }

    /// Writes `"name":`; the next call writes its value.
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
        // One or two digits (versions, counts: most numbers of an answer), stored as they are.
        if UInt(bitPattern: value) < 100 {
            let comma = needsComma
            let tens = value >= 10
            let length = (comma ? 2 : 1) &+ (tens ? 1 : 0)
            write(length: length) { text in
                var text = text
                if comma {
                    text.initialize(to: JSONByte.comma)
                    text += 1
                }
                if tens {
                    text.initialize(to: JSONByte.zero &+ UInt8(truncatingIfNeeded: value / 10))
                    text += 1
                }
                text.initialize(to: JSONByte.zero &+ UInt8(truncatingIfNeeded: value % 10))
            }
        } else {
            JSONNumberText.withDecimal(value, afterComma: needsComma) { write($0) }
        }
        needsComma = true
    }

    /// Writes a stack entry's opening and its id, `{"id":"e<number>"` (`number` not negative),
    /// from its digits, with no string.
    @inline(__always)  // one or two digits, into the entry's writer: no call
    mutating func openEntry(number: Int) {
        let value = UInt(bitPattern: number)
        guard value < 100 else {
            key(.openEntry)
            entryID(longNumber: value)
            return
        }
        // One or two digits (most sessions' entries): `{"id":"e` as one word, then the digits and
        // the closing quote as another, after a comma when one is due, each stored whole.
        let units = UInt64(truncatingIfNeeded: value % 10) &+ 0x30
        let digits: UInt64
        let length: Int
        if value >= 10 {
            let tens = UInt64(truncatingIfNeeded: value / 10) &+ 0x30
            digits = tens | units << 8 | 0x22 << 16
            length = 11
        } else {
            digits = units | 0x22 << 8
            length = 10
        }
        let comma = needsComma ? 1 : 0
        // The two words are stored whole: room is made for their sixteen bytes, `length` of them kept.
        makeRoom(to: count &+ 17)
        let text = UnsafeMutableRawPointer(base + count)
        text.storeBytes(of: JSONByte.comma, as: UInt8.self)
        text.storeBytes(of: Self.openEntryWord.littleEndian, toByteOffset: comma, as: UInt64.self)
        text.storeBytes(of: digits.littleEndian, toByteOffset: comma &+ 8, as: UInt64.self)
        count &+= comma &+ length
        needsComma = true
    }

    /// `{"id":"e`, its first byte first.
    private static var openEntryWord: UInt64 { 0x6522_3A22_6469_227B }

    /// The id `"e<number>"` of ``openEntry(number:)`` for a number of three digits or more.
    @inline(never)
    private mutating func entryID(longNumber value: UInt) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits &+= 1
        }
        let comma = needsComma ? 1 : 0
        write(length: comma &+ digits &+ 3) { text in
            text.initialize(to: JSONByte.comma)
            let quoted = text + comma
            quoted[0] = JSONByte.quote
            quoted[1] = UInt8(ascii: "e")
            // The digits backwards, from the last one (at `digits + 1`) to the first (at 2).
            var rest = value
            var index = digits &+ 1
            repeat {
                quoted[index] = JSONByte.zero &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                index &-= 1
            } while index > 1
            quoted[digits &+ 2] = JSONByte.quote
        }
        needsComma = true
    }

    public mutating func uint(_ value: UInt64) {
        JSONNumberText.withDecimal(value, afterComma: needsComma) { write($0) }
        needsComma = true
    }

    /// Writes the shortest text that reads back as `value`; `null` for NaN and the infinities,
    /// which JSON has no numbers for.
    public mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            var text: [UInt8] = []
            JSONNumberText.appendShortest(value, to: &text)
            text.withUnsafeBufferPointer { write($0) }
        } else {
            write(JSONByte.null)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        write(value ? JSONByte.true : JSONByte.false)
        needsComma = true
    }

    public mutating func null() {
        // Stored as one word, after its comma when one is due: no copy of an array's bytes.
        let comma = needsComma
        write(length: comma ? 5 : 4) { text in
            var text = text
            if comma {
                text.initialize(to: JSONByte.comma)
                text += 1
            }
            UnsafeMutableRawPointer(text).storeBytes(of: JSONByte.nullWord, as: UInt32.self)
        }
        needsComma = true
    }

    /// Appends a fragment of JSON text that is already valid, as it is.
    public mutating func raw(_ fragment: [UInt8]) {
        separate()
        write(fragment)
        needsComma = true
    }

    // MARK: Plumbing

    @inline(__always)
    private mutating func separate() {
        if needsComma { append(JSONByte.comma) }
    }

    /// `byte`, after a comma when one is due.
    @inline(__always)
    private mutating func punctuate(_ byte: UInt8) {
        if needsComma {
            write(length: 2) { text in
                text[0] = JSONByte.comma
                text[1] = byte
            }
        } else {
            append(byte)
        }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        write(length: 1) { $0.pointee = byte }
    }

    @inline(__always)
    private mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    @inline(__always)
    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        write(length: bytes.count) { $0.initialize(from: source, count: bytes.count) }
    }

    /// Lets `body` fill the next `length` bytes, which it must all set.
    @inline(__always)
    private mutating func write(length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        let start = count
        let end = start &+ length
        makeRoom(to: end)
        body(base + start)
        count = end
    }

    /// Makes the room hold `needed` bytes. The growth is laid out away from the writes (`_slowPath`
    /// only orders the code): an answer's buffer rarely grows, and the growth's code, moved apart,
    /// no longer sits in the lines of every write that inlines this check.
    @inline(__always)
    private mutating func makeRoom(to needed: Int) {
        if _slowPath(needed > capacity) { grow(to: needed) }
    }

    /// At least doubles the room, to hold `needed` bytes.
    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = Swift.max(needed, capacity &* 2)
        let moved = ResponseBytes(capacity: larger)
        moved.start.initialize(from: base, count: count)
        block = moved
        base = moved.start
        capacity = moved.capacity
    }

    /// Where the next byte goes: the end of the text so far.
    var position: Int { count }

    /// Makes room for `length` more bytes and returns where the next byte goes; the caller writes
    /// there, then counts what it wrote with ``advance(by:)``.
    @inline(__always)
    mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        let end = count &+ length
        makeRoom(to: end)
        return base + count
    }

    /// Counts `length` bytes written where ``reserve(_:)`` said, within the room it made.
    @inline(__always)
    mutating func advance(by length: Int) {
        count &+= length
    }

    /// Writes one value with `body` and returns where its text lies, for ``repeatValue(_:)``.
    mutating func recordValue(_ body: (inout JSONWriter) -> Void) -> Range<Int> {
        separate()
        needsComma = false
        let start = count
        body(&self)
        needsComma = true
        return start..<count
    }

    /// Writes again the value whose text lies at `range` (from ``recordValue(_:)``).
    @inline(__always)  // a copy, where the call cost a third as much again
    mutating func repeatValue(_ range: Range<Int>) {
        separate()
        let start = count
        let end = start &+ range.count
        makeRoom(to: end)
        // The source lies before `start`: the two ranges never overlap, and the bytes are copied
        // as bytes (a call to `memcpy` wherever this is inlined, not one to a wrapper around it).
        UnsafeMutableRawPointer(base + start).copyMemory(from: base + range.lowerBound, byteCount: range.count)
        count = end
        needsComma = true
    }

    /// Writes pre-rendered text, with its comma when one is due.
    @inline(__always)
    mutating func appendToken(_ tokens: PreRenderedTokens) {
        tokens.withText(comma: true) { appendText($0) }
    }

    /// Writes `text` (a comma, then pre-rendered text), from its comma when one is due.
    ///
    /// The text after the comma is copied whole whether a comma is due or not, so that for a
    /// literal the copy has a length known when compiling, which the compiler turns into a few
    /// moves in place of a call to `memcpy` (as ``ShortBytes`` does for short held text). The
    /// comma is stored either way: where none is due, the text is written over it.
    @inline(__always)
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        appendText(text, mid: false)
    }

    /// ``appendText(_:)`` for text most often of 16 to 32 bytes after its comma (an entry's
    /// `"screen":"NAME","params":`), copied by ``ShortBytes/copyMid(from:to:count:)``: no call
    /// to `memcpy` for those, and fewer branches than ``ShortBytes/copy(from:to:count:)`` takes.
    @inline(__always)
    mutating func appendMidText(_ text: UnsafeBufferPointer<UInt8>) {
        appendText(text, mid: true)
    }

    /// Both of the above; `mid` is a constant at each, so only one copy is compiled in.
    @inline(__always)
    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, mid: Bool) {
        guard let source = text.baseAddress, text.count > 1 else { return }
        let comma = needsComma ? 1 : 0
        let end = count &+ comma &+ (text.count &- 1)
        makeRoom(to: end)
        let target = base + count
        target.initialize(to: JSONByte.comma)
        if mid {
            ShortBytes.copyMid(from: source + 1, to: target + comma, count: text.count &- 1)
        } else {
            ShortBytes.copy(from: source + 1, to: target + comma, count: text.count &- 1)
        }
        count = end
    }

    /// Writes `text` (a comma, then pre-rendered text that closes a container) without the comma:
    /// none goes before a closing bracket or brace.
    @inline(__always)
    mutating func appendClosingText(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, text.count > 1 else { return }
        let end = count &+ (text.count &- 1)
        makeRoom(to: end)
        ShortBytes.copy(from: source + 1, to: base + count, count: text.count &- 1)
        count = end
    }

    private mutating func appendQuoted(_ value: String, colon: Bool) {
        // Native and small strings lend their UTF-8 directly; only a bridged one needs a copy.
        if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, colon: colon) }) == nil {
            var value = value
            value.withUTF8 { appendQuoted($0, colon: colon) }
        }
    }

    @inline(__always)  // into its callers, which lend the bytes: one call per string, not two
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
        // Most keys and values need no escaping: the string is copied with its punctuation in one
        // pass that checks it on the way, and counts as written only once it is known to be plain.
        let comma = needsComma
        let length = utf8.count &+ (comma ? 3 : 2) &+ (colon ? 1 : 0)
        let end = count &+ length
        makeRoom(to: end)
        // Written in place, not through `write(length:)`: its closure would not be inlined here.
        var text = base + count
        if comma {
            text.initialize(to: JSONByte.comma)
            text += 1
        }
        text.initialize(to: JSONByte.quote)
        text += 1
        guard Self.copyIfPlain(utf8, to: text) else {
            // Written again over the copy, escaped.
            separate()
            append(JSONByte.quote)
            appendEscaped(utf8)
            append(JSONByte.quote)
            if colon { append(JSONByte.colon) }
            return
        }
        text += utf8.count
        text.initialize(to: JSONByte.quote)
        if colon { (text + 1).initialize(to: JSONByte.colon) }
        count = end
    }

    /// Copies `utf8` to `target`, eight bytes at a time (the last word overlapping the one before
    /// it; a string shorter than eight bytes is checked as one word padded with spaces), and
    /// returns whether no byte of it needs escaping: all of them plain ASCII (``JSONByteScan``).
    @inline(__always)
    private static func copyIfPlain(_ utf8: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Bool
    {
        guard let source = utf8.baseAddress else { return true }
        let count = utf8.count
        var scan = JSONByteScan.WriterScan()
        guard count >= 8 else {
            scan.add(ShortBytes.word(of: source, count: count))
            ShortBytes.copy(from: source, to: target, count: count)
            return scan.isPlain
        }
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        let last = count &- 8
        var offset = 0
        while offset < last {
            let word = from.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            scan.add(word)
            to.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        let word = from.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        scan.add(word)
        to.storeBytes(of: word, toByteOffset: last, as: UInt64.self)
        return scan.isPlain
    }

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
                    write(utf8[index + 2] == 0xA8 ? JSONByte.escapedU2028 : JSONByte.escapedU2029)
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
        if start < end { write(UnsafeBufferPointer(rebasing: utf8[start..<end])) }
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
            append(JSONByte.backslash)
            append(short)
            return
        }
        // \u00XX with lowercase hex digits, for the other controls and DEL.
        write(JSONByte.unicodeEscapePrefix)
        append(JSONByte.hexDigit(byte >> 4))
        append(JSONByte.hexDigit(byte & 0x0F))
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
    /// `null` as a word to store: its four bytes in memory order.
    static var nullWord: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }
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
