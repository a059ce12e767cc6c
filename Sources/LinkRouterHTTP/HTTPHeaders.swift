/// Header fields in arrival order. Names compare case-insensitively (ASCII).
///
/// A request's fields stay the bytes the client sent (``ReceivedHeaderFields``) until read: the
/// usual request looks up one or two of them and never needs the rest as strings. Fields added
/// afterwards follow the received ones.
public struct HTTPHeaders: Sendable, Sequence {
    /// Fields received from a client, all before ``added``.
    private var received: ReceivedHeaderFields
    /// Fields given as strings: by ``init(_:)``, ``add(_:_:)`` and ``set(_:_:)``.
    private var addedFields: AddedFields

    /// The fields given as strings, as an array.
    private var added: [(name: String, value: String)] {
        get {
            switch addedFields {
            case .none: []
            case .json: Self.jsonFields
            case .list(let fields): fields
            }
        }
    }

    /// How the fields given as strings are kept.
    private enum AddedFields {
        /// No field, as a request has: nothing to retain or release, where an empty array is
        /// retained and released all the same.
        case none
        /// Exactly `Content-Type: application/json`, the one field of nearly every answer of a
        /// JSON API: kept without an array, whose copy into each answer and release once it is
        /// sent were two atomic operations on one object that every thread shares.
        case json
        case list([(name: String, value: String)])
    }

    private static let jsonName = "Content-Type"
    private static let jsonValue = "application/json"
    private static let jsonFields = [(name: jsonName, value: jsonValue)]

    public init(_ fields: [(name: String, value: String)] = []) {
        received = ReceivedHeaderFields()
        // Byte for byte: the fields are sent as they were given.
        let isJSON =
            fields.count == 1 && fields[0].name.utf8.elementsEqual(Self.jsonName.utf8)
            && fields[0].value.utf8.elementsEqual(Self.jsonValue.utf8)
        addedFields = isJSON ? .json : fields.isEmpty ? .none : .list(fields)
    }

    /// Exactly `Content-Type: application/json`, as `init(_:)` keeps it, built without looking at
    /// the strings.
    package static var jsonContentType: HTTPHeaders {
        HTTPHeaders(received: ReceivedHeaderFields(), added: .json)
    }

    private init(received: ReceivedHeaderFields, added: AddedFields) {
        self.received = received
        addedFields = added
    }

    /// Whether the fields are exactly ``jsonContentType``'s, with no buffer of received fields
    /// (as an answer has): the caller then knows that dropping them releases nothing.
    var isJSONContentTypeOnly: Bool {
        if received.hasNoBuffer, case .json = addedFields { return true }
        return false
    }

    /// A request's fields as received.
    init(received: ReceivedHeaderFields) {
        self.received = received
        addedFields = .none
    }

    /// Replaces the received fields with those `write` puts in their buffer (see
    /// ``ReceivedHeaderFields/overwrite(_:)``).
    mutating func overwriteReceived(_ write: (UnsafeMutableRawBufferPointer) -> ReceivedHeaderFields.Writer?) {
        received.overwrite(write)
    }

    /// Removes the received fields, keeping their buffer when it has room for at most `limit` bytes.
    mutating func removeAllReceived(keepingRoomUpTo limit: Int) {
        received.removeAll(keepingRoomUpTo: limit)
    }

    /// Every field, in order (made into strings when they were received as bytes).
    public var fields: [(name: String, value: String)] {
        let added = added
        return received.isEmpty ? added : added.isEmpty ? received.strings : received.strings + added
    }

    /// The first value of `name`, compared without regard to ASCII case.
    public subscript(name: String) -> String? {
        if !received.isEmpty,
            let value = Self.withBytes(
                of: name,
                { name in
                    received.withFirstValue(named: name) { String(repairingUTF8: $0) }
                }
            )
        {
            return value
        }
        // By index: iterating an array of tuples looks up the tuple's type metadata at run time.
        let added = added
        for index in added.indices where Self.sameName(added[index].name, name) { return added[index].value }
        return nil
    }

    /// Whether the first value of `name` (compared as the subscript does) satisfies `test`, which
    /// gets its UTF-8 bytes borrowed for the call; `nil` when there is no such field. For a
    /// reader that needs no `String`: a received value's bytes are as sent, not repaired.
    package func firstValue(_ name: String, satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        Self.withBytes(of: name) { firstValue($0, satisfies: test) }
    }

    /// ``firstValue(_:satisfies:)`` for a name known when compiling: its bytes are lent as they
    /// are, where a `String`'s are copied out first.
    package func firstValue(_ name: StaticString, satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        name.withUTF8Buffer { firstValue($0, satisfies: test) }
    }

    /// ``firstValue(_:satisfies:)`` for `Content-Type`, which nearly every request has read: a
    /// received field is found where it was noted on arrival, without a walk over the others.
    package func contentType(satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        // The received fields' own note is final: absent there, only the added fields are left.
        if !received.isEmpty { return received.withContentType(test) ?? addedValue("content-type", satisfies: test) }
        return firstValue("content-type" as StaticString, satisfies: test)
    }

    private func firstValue(
        _ name: UnsafeBufferPointer<UInt8>,
        satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        if !received.isEmpty, let result = received.withFirstValue(named: name, test) { return result }
        return addedValue(name, satisfies: test)
    }

    /// ``firstValue(_:satisfies:)`` among the added fields alone.
    private func addedValue(_ name: StaticString, satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        name.withUTF8Buffer { addedValue($0, satisfies: test) }
    }

    private func addedValue(
        _ name: UnsafeBufferPointer<UInt8>,
        satisfies test: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        switch addedFields {
        case .none:
            return nil
        case .json:
            guard Self.withBytes(of: Self.jsonName, { Self.sameName($0, name) }) else { return nil }
            return Self.withBytes(of: Self.jsonValue, test)
        case .list(let added):
            for index in added.indices where Self.withBytes(of: added[index].name, { Self.sameName($0, name) }) {
                return Self.withBytes(of: added[index].value, test)
            }
            return nil
        }
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    public mutating func add(_ name: String, _ value: String) {
        var fields = added
        // Dropped here, so that the append finds the array held once.
        addedFields = .none
        fields.append((name, value))
        addedFields = .list(fields)
    }

    /// Replaces every field named `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        var all = fields
        all.removeAll { Self.sameName($0.name, name) }
        all.append((name, value))
        self = HTTPHeaders(all)
    }

    /// Calls `body` with each field in order, lending the stored strings: a response's fields
    /// (all added) are read where they are, without the array and iterator ``fields`` and
    /// ``makeIterator()`` make.
    func forEachField(_ body: (String, String) -> Void) {
        if !received.isEmpty {
            for field in received.strings { body(field.name, field.value) }
        }
        switch addedFields {
        case .none:
            break
        case .json:
            body(Self.jsonName, Self.jsonValue)
        case .list(let added):
            // By index: iterating an array of tuples looks up the tuple's type metadata at run time.
            for index in added.indices { body(added[index].name, added[index].value) }
        }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// ASCII case-insensitive comparison on UTF-8 bytes.
    static func sameName(_ a: String, _ b: String) -> Bool {
        withBytes(of: a) { x in withBytes(of: b) { y in sameName(x, y) } }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, borrowed for the call.
    private static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// ASCII case-insensitive comparison of two names' bytes: equal once ASCII capitals are
    /// lowered, eight bytes at a time.
    static func sameName(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = x.count
        guard count == y.count else { return false }
        guard count > 0 else { return true }
        guard let a = x.baseAddress, let b = y.baseAddress else { return false }
        var offset = 0
        while offset &+ 8 <= count {
            let wordA = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
            let wordB = UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            if wordA != wordB && lowered(wordA) != lowered(wordB) { return false }
            offset &+= 8
        }
        if offset < count && count >= 8 {
            // The last eight bytes, overlapping bytes already compared, instead of a byte loop.
            let wordA = UnsafeRawPointer(a + (count &- 8)).loadUnaligned(as: UInt64.self)
            let wordB = UnsafeRawPointer(b + (count &- 8)).loadUnaligned(as: UInt64.self)
            return wordA == wordB || lowered(wordA) == lowered(wordB)
        }
        var tailA: UInt64 = 0
        var tailB: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tailA |= UInt64(a[offset]) << shift
            tailB |= UInt64(b[offset]) << shift
            shift &+= 8
            offset &+= 1
        }
        return tailA == tailB || lowered(tailA) == lowered(tailB)
    }

    /// `word` with every byte from `A` to `Z` lowered. Each byte's low seven bits plus a constant
    /// stay below 0x100 (no carry into the next byte), so their high bits say whether the byte is
    /// at least `A` and at least `[`; bytes with their own high bit set are not ASCII.
    static func lowered(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (ones &* 0x7F)
        let atLeastA = low &+ ones &* (0x80 - 0x41)
        let pastZ = low &+ ones &* (0x80 - 0x5B)
        let capitals = atLeastA & ~pastZ & ~word & (ones &* 0x80)
        return word | (capitals >> 2)
    }

    /// ASCII comparison of `bytes` with a lowercase literal, ignoring the case of `bytes`: a byte at
    /// a time below four bytes, one word of its first and last four bytes from four to seven, and
    /// eight bytes at a time from eight (the last word overlapping the one before). Each word of
    /// `bytes` is compared once it is ORed with the literal's ``letterBits(_:)``, which the
    /// compiler works out from the literal: a capital then reads as its letter, and every other
    /// byte as it is, as ``lowered(_:)`` would have it, in two instructions a word.
    @inline(__always)
    static func equalsLowercased(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard bytes.count == count, let base = bytes.baseAddress else { return false }
        let expected = UnsafeRawPointer(lowercase.utf8Start)
        guard count >= 8 else {
            guard count >= 4 else {
                for i in 0..<count {
                    let letter = expected.load(fromByteOffset: i, as: UInt8.self)
                    let folded =
                        base.load(fromByteOffset: i, as: UInt8.self)
                        | UInt8(truncatingIfNeeded: letterBits(UInt64(letter)))
                    if folded != letter { return false }
                }
                return true
            }
            // 4 to 7 bytes (`host`): the first four and the last four, which may overlap, as one word.
            func word(_ bytes: UnsafeRawPointer) -> UInt64 {
                UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
                    | UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            }
            let literal = word(expected)
            return word(base) | letterBits(literal) == literal
        }
        var offset = 0
        while offset &+ 8 < count {
            let literal = expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) | letterBits(literal) != literal {
                return false
            }
            offset &+= 8
        }
        let literal = expected.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) | letterBits(literal) == literal
    }

    /// 0x20 in each byte of `word` that is a lowercase ASCII letter, 0 in every other byte: ORed
    /// into a byte, it makes a capital its lowercase letter, and a byte that is neither of the two
    /// something else. As in ``lowered(_:)``, each byte's low seven bits plus a constant stay below
    /// 0x100, so their high bits say whether the byte is at least `a` and at least `{`.
    @inline(__always)
    static func letterBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (ones &* 0x7F)
        let atLeastA = low &+ ones &* (0x80 - 0x61)
        let pastZ = low &+ ones &* (0x80 - 0x7B)
        return (atLeastA & ~pastZ & ~word & (ones &* 0x80)) >> 2
    }
}
