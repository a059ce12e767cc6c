/// Header fields as a client sent them, kept as bytes in one buffer: a request's headers cost one
/// allocation, and a `String` is made only for a field someone reads.
///
/// Each field is stored as its name's length and its value's length (one `Int` each, unaligned)
/// followed by the name's bytes and the value's. The bytes are whatever libmicrohttpd passed,
/// which need not be UTF-8: they are repaired (U+FFFD) only when made into strings.
struct ReceivedHeaderFields: Sendable {
    private(set) var bytes: [UInt8]

    private static let lengthSize = MemoryLayout<Int>.size

    init() { bytes = [] }

    /// The fields `write` appends, in at most `capacity` bytes (see ``storedSize(name:value:)``).
    init(capacity: Int, _ write: (inout Writer) -> Void) {
        guard capacity > 0 else {
            bytes = []
            return
        }
        // Written on the stack (for a usual header), then copied into an array of exactly the
        // written size: `init(unsafeUninitializedCapacity:)` and `init(repeating:count:)` look the
        // array's storage type up at run time on every call, which costs more than the copy.
        bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = Writer(buffer: UnsafeMutableRawBufferPointer(buffer))
            write(&writer)
            return Array(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Replaces the fields with a copy of those `writer` holds, in the buffer there is when it has room.
    mutating func replace(copying writer: Writer) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: writer.buffer[..<writer.count]))
    }

    /// Removes every field, keeping the buffer when its capacity is at most `limit` bytes.
    mutating func removeAll(keepingCapacityUpTo limit: Int) {
        if bytes.capacity > limit {
            bytes = []
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// The bytes one field takes.
    static func storedSize(name: Int, value: Int) -> Int { 2 * lengthSize + name + value }

    /// Fills the buffer of ``init(capacity:_:)``, one whole field at a time.
    struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        private(set) var count = 0

        init(buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

        /// Copies one field (both buffers borrowed for the call); `false`, copying nothing, when it does not fit.
        mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
            let size = storedSize(name: name.count, value: value.count)
            guard let base = buffer.baseAddress, size <= buffer.count - count else { return false }
            buffer.storeBytes(of: name.count, toByteOffset: count, as: Int.self)
            buffer.storeBytes(of: value.count, toByteOffset: count + lengthSize, as: Int.self)
            let nameStart = base + count + 2 * lengthSize
            if let source = name.baseAddress { nameStart.copyMemory(from: source, byteCount: name.count) }
            if let source = value.baseAddress {
                (nameStart + name.count).copyMemory(from: source, byteCount: value.count)
            }
            count += size
            return true
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
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let field = Field(in: raw, at: offset)
                if HTTPHeaders.sameName(field.name, name) { return body(field.value) }
                offset = field.end
            }
            return nil
        }
    }

    /// Every field as strings, in arrival order.
    var strings: [(name: String, value: String)] {
        bytes.withUnsafeBytes { raw in
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
