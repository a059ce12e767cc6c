/// Header fields as a client sent them, kept as bytes in one buffer: a request's headers cost at
/// most one allocation (none when a connection's earlier request left a buffer with room), and a
/// `String` is made only for a field someone reads.
///
/// Each field is stored as its name's length and its value's length (one `Int` each, unaligned)
/// followed by the name's bytes and the value's. The bytes are whatever libmicrohttpd passed,
/// which need not be UTF-8: they are repaired (U+FFFD) only when made into strings.
struct ReceivedHeaderFields: Sendable {
    /// The fields in its first ``count`` bytes; the bytes after them are room, written over by
    /// the next ``overwrite(_:)``. `nil` rather than an empty array when there is none: a copy
    /// and a drop of the fields of an answer (which has none) then call nothing.
    private var storage: [UInt8]?
    /// How many bytes of the buffer the fields take.
    private(set) var count: Int
    /// Where the first `Content-Type` field begins, noted as it was written: the one field nearly
    /// every request has read, found without a walk over the others.
    private var contentTypeOffset = -1

    private static let lengthSize = MemoryLayout<Int>.size

    init() {
        storage = nil
        count = 0
        contentTypeOffset = -1
    }

    /// The fields `write` appends, in at most `capacity` bytes (see ``storedSize(name:value:)``),
    /// in a buffer with room for at least `room` bytes.
    init(capacity: Int, room: Int = 0, _ write: (inout Writer) -> Void) {
        let size = Swift.max(capacity, room)
        // Zeroed once: `init(unsafeUninitializedCapacity:)` and this initializer both look the
        // array's storage type up at run time, which a buffer used again pays only once.
        storage = size > 0 ? [UInt8](repeating: 0, count: size) : nil
        count = 0
        contentTypeOffset = -1
        overwrite { buffer in
            var writer = Writer(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[..<capacity]))
            write(&writer)
            return writer
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Whether there is no buffer (then no field either).
    var hasNoBuffer: Bool { storage == nil }

    /// Replaces the fields with those `write` puts at the start of the buffer it gets (all of
    /// the buffer's room, borrowed for the call), which returns the writer that wrote them
    /// (`nil` for none).
    mutating func overwrite(_ write: (UnsafeMutableRawBufferPointer) -> Writer?) {
        // Called once either way: `storage?.… ?? write(…)` would call it again, with no room,
        // whenever it returned `nil` from the buffer.
        let writer: Writer?
        if storage != nil {
            writer = storage?.withUnsafeMutableBytes { write($0) } ?? nil
        } else {
            writer = write(UnsafeMutableRawBufferPointer(start: nil, count: 0))
        }
        count = writer?.count ?? 0
        contentTypeOffset = writer?.contentTypeOffset ?? -1
    }

    /// Removes every field, keeping the buffer when it has room for at most `limit` bytes.
    mutating func removeAll(keepingRoomUpTo limit: Int) {
        count = 0
        contentTypeOffset = -1
        if let storage, storage.count > limit { self.storage = nil }
    }

    /// The bytes of the fields, borrowed for the call.
    private func withFieldBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let storage else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// The bytes one field takes.
    static func storedSize(name: Int, value: Int) -> Int { 2 &* lengthSize &+ name &+ value }

    /// Fills a buffer of fields (``init(capacity:room:_:)``, ``overwrite(_:)``), one whole field at a time.
    struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        private(set) var count = 0
        /// Where the first field named `Content-Type` (in any ASCII case) begins; -1 for none.
        private(set) var contentTypeOffset = -1

        init(buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

        /// Copies one field (both buffers borrowed for the call); `false`, copying nothing, when it does not fit.
        /// (Sums of the sizes of buffers in memory, and of offsets within `buffer`: none can overflow.)
        @inline(__always)
        mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
            let size = storedSize(name: name.count, value: value.count)
            guard let base = buffer.baseAddress, size <= buffer.count &- count else { return false }
            let start = base + count
            start.storeBytes(of: name.count, toByteOffset: 0, as: Int.self)
            start.storeBytes(of: value.count, toByteOffset: lengthSize, as: Int.self)
            let nameStart = start + 2 * lengthSize
            if let source = name.baseAddress { Self.copy(source, to: nameStart, count: name.count) }
            if let source = value.baseAddress { Self.copy(source, to: nameStart + name.count, count: value.count) }
            if contentTypeOffset < 0 && HTTPHeaders.equalsLowercased(name, "content-type") { contentTypeOffset = count }
            count &+= size
            return true
        }

        /// Copies `count` bytes from `source` to `target`: up to 16 bytes, as most names and values
        /// of a request are, as two loads and two stores (which may overlap) of the widest word
        /// that fits, where a `memmove` call costs more than the copy.
        @inline(__always)
        private static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
            switch count {
            case 8...16: copyEnds(source, to: target, count: count, as: UInt64.self)
            case 4..<8: copyEnds(source, to: target, count: count, as: UInt32.self)
            case 2..<4: copyEnds(source, to: target, count: count, as: UInt16.self)
            default: target.copyMemory(from: source, byteCount: count)
            }
        }

        /// Copies `count` bytes, at least one `Word` and at most two, as the first word and the last.
        @inline(__always)
        private static func copyEnds<Word: FixedWidthInteger>(
            _ source: UnsafeRawPointer,
            to target: UnsafeMutableRawPointer,
            count: Int,
            as: Word.Type
        ) {
            let last = count &- MemoryLayout<Word>.size
            let head = source.loadUnaligned(as: Word.self)
            let tail = source.loadUnaligned(fromByteOffset: last, as: Word.self)
            target.storeBytes(of: head, as: Word.self)
            target.storeBytes(of: tail, toByteOffset: last, as: Word.self)
        }
    }

    /// One stored field: where its name and value are, and where the next field begins.
    private struct Field {
        let name: UnsafeBufferPointer<UInt8>
        let value: UnsafeBufferPointer<UInt8>
        let end: Int

        /// The field at `offset` of `raw`, which must be where `Writer` began a field.
        init(in raw: UnsafeRawBufferPointer, at offset: Int) {
            let nameCount = raw.loadUnaligned(fromByteOffset: offset, as: Int.self)
            let valueCount = raw.loadUnaligned(fromByteOffset: offset + lengthSize, as: Int.self)
            let nameStart = offset + 2 * lengthSize
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameStart + nameCount])
            value = UnsafeBufferPointer(rebasing: bytes[nameStart + nameCount..<nameStart + nameCount + valueCount])
            end = nameStart + nameCount + valueCount
        }
    }

    /// Calls `body` with the value of the first field named `name` (names compared as
    /// `HTTPHeaders.sameName` does), borrowed for the call; `nil` when no field has that name.
    func withFirstValue<R>(named name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        // Every field was written whole by `Writer`, so each offset reached here begins one.
        withFieldBytes { raw in
            var offset = 0
            while offset < raw.count {
                let field = Field(in: raw, at: offset)
                if HTTPHeaders.sameName(field.name, name) { return body(field.value) }
                offset = field.end
            }
            return nil
        }
    }

    /// Calls `body` with the value of the first `Content-Type` field, borrowed for the call, as
    /// ``withFirstValue(named:_:)`` would find it; `nil` when there is none.
    func withContentType<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let offset = contentTypeOffset
        guard offset >= 0 else { return nil }
        // The offset was noted by `Writer` where it began a field of those it wrote.
        return withFieldBytes { raw in body(Field(in: raw, at: offset).value) }
    }

    /// Every field as strings, in arrival order.
    var strings: [(name: String, value: String)] {
        withFieldBytes { raw in
            var out: [(name: String, value: String)] = []
            var offset = 0
            while offset < raw.count {
                let field = Field(in: raw, at: offset)
                out.append((String(repairingUTF8: field.name), String(repairingUTF8: field.value)))
                offset = field.end
            }
            return out
        }
    }
}
