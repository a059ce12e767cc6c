internal import LinkNavigation
internal import LinkRouterHTTP
internal import LinkRouting

/// `/v1/sessions/{id}/navigate`, the path nearly every request has, told by its bytes: a few word
/// comparisons where ``PathParts`` splits the path and compares each part.
enum NavigatePath {
    private static let prefix: StaticString = "/v1/sessions/"
    private static let suffix: StaticString = "/navigate"

    /// The session id of a path that is exactly `/v1/sessions/{id}/navigate` with a non-empty id
    /// and no other `/`; `nil` for any other path (``PathParts`` routes those, this one among
    /// them with a trailing slash or without the leading one).
    static func sessionID(_ path: String) -> String? {
        let id = path.utf8.withContiguousStorageIfAvailable(sessionID(bytes:))
        return id ?? nil
    }

    /// ``sessionID(_:)`` of the path whose UTF-8 `bytes` are (borrowed for the call).
    static func sessionID(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        let head = prefix.utf8CodeUnitCount
        let tail = suffix.utf8CodeUnitCount
        guard count > head + tail, let base = bytes.baseAddress,
            same(base, prefix), same(base + (count - tail), suffix)
        else { return nil }
        let id = UnsafeBufferPointer(start: base + head, count: count - head - tail)
        // An id of up to 15 bytes (nearly every one) is read as two words once: looked for '/' in
        // them and, when ASCII, made a small string of them in place. Anything else is repaired as
        // `String(repairingUTF8:)` repairs it.
        if id.count <= SmallStringLayout.capacity {
            let words = ByteWords.load(base + head, count: id.count)
            let slash = UInt8(ascii: "/")
            // Zero padding past the id is not a '/'.
            guard ByteWords.lanes(of: words.low, equalTo: slash) | ByteWords.lanes(of: words.high, equalTo: slash) == 0
            else { return nil }
            return SmallStringLayout.ascii(words: words, count: id.count) ?? String(repairingUTF8: id)
        }
        guard !id.contains(UInt8(ascii: "/")) else { return nil }
        return String(repairingUTF8: id)
    }

    /// Whether the bytes at `bytes` begin with `literal` (of 8 to 16 bytes): its first and last
    /// eight bytes, compared as two words.
    @inline(__always)
    private static func same(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        let text = UnsafeRawPointer(bytes)
        let expected = UnsafeRawPointer(literal.utf8Start)
        return text.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self)
            && text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
