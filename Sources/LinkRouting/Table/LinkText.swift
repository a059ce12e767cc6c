/// A link's text: a string its holder owns, or UTF-8 bytes lent to it by whoever made it.
///
/// Lent bytes are for a caller that reads the link only while its own buffer lives (the navigate
/// endpoint renders its answer while the request body is still alive): no string is made or
/// freed for them. Whatever is kept beyond that call (a session, an error, a returned value) takes
/// ``string``, which is made from the bytes at that point.
@usableFromInline package struct LinkText: @unchecked Sendable {
    // `@unchecked`: a lent value is only ever read on the thread that lent it, within the lender's
    // call (see ``init(lending:)``); an owned one holds a `String`, which is `Sendable`.

    /// The link when owned; empty when lent.
    @usableFromInline let owned: String
    /// The start of the link's bytes when lent. Kept apart from their count rather than as an
    /// optional buffer, whose extra tag byte makes every copy of a link (and of a match) a call
    /// to its type's outlined copy: four plain words copy inline.
    @usableFromInline let lentStart: UnsafePointer<UInt8>?
    /// How many bytes are lent; -1 when the link is owned.
    @usableFromInline let lentCount: Int

    /// The link's bytes when lent.
    @inlinable var lent: UnsafeBufferPointer<UInt8>? {
        lentCount >= 0 ? UnsafeBufferPointer(start: lentStart, count: lentCount) : nil
    }

    package init(_ string: String) {
        owned = string
        lentStart = nil
        lentCount = -1
    }

    /// A link whose bytes are lent, not copied.
    ///
    /// Lifetime: `bytes` must be valid UTF-8 and stay alive and unchanged for as long as this value
    /// or any value holding it lives; the caller keeps every such value within its own access to
    /// the buffer and lets none of them escape it.
    @inlinable  // into the endpoint that lends them: four stores, where a call costs more
    package init(lending bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "lent link bytes that are not UTF-8")
        owned = ""
        lentStart = bytes.baseAddress
        lentCount = bytes.count
    }

    /// Whether the bytes are lent (a value made by ``init(lending:)``).
    package var isLent: Bool { lentCount >= 0 }

    /// The link as a string: the owned one, or one made from the lent bytes.
    package var string: String {
        guard let lent else { return owned }
        return String(decoding: lent, as: UTF8.self)
    }

    /// Calls `body` with the link's UTF-8, lent for the call.
    @inlinable @inline(__always)
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let lent { return body(lent) }
        // A span borrows the bytes (a small string's too): no closure context, no retain, no copy.
        let bytes = owned.utf8.span
        return bytes.withUnsafeBufferPointer(body)
    }
}
