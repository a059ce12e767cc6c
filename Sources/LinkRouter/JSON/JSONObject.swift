/// The members of a JSON object, in document order, with lookup by key. Keys are unique.
///
/// Small objects (the usual request body) are searched in order; from ``indexThreshold`` members
/// on, a dictionary of positions makes lookups and the parser's duplicate check O(1), so a body
/// of many keys cannot make parsing quadratic.
///
/// Keys compare as Swift strings do (canonical equivalence), so `"é"` written precomposed and
/// decomposed is one key: the parser rejects both in one object as a duplicate.
///
/// Two objects are equal when they have the same members in the same order.
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Member count from which positions are kept in a dictionary.
    public static let indexThreshold = 12

    public private(set) var members: [Member]
    /// Position of each key in `members`, once there are `indexThreshold` of them.
    private var positions: [String: Int]?

    public init() {
        members = []
    }

    /// Builds an object from members in order; a repeated key is a programming error.
    public init(uniqueKeysWithValues elements: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in elements {
            let added = append(key: key, value: value)
            precondition(added, "duplicate key in a JSONObject literal")
        }
    }

    public var keys: [String] { members.map(\.key) }

    /// The position of `key` in ``members``.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    public func contains(key: String) -> Bool {
        index(forKey: key) != nil
    }

    /// The value of the member `key`. Setting replaces it in place or appends it; `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return members[index].value
        }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    rebuildPositions()
                }
            } else if let newValue {
                _ = append(key: key, value: newValue)
            }
        }
    }

    /// Appends a member unless `key` is already there; returns whether it was appended.
    @discardableResult
    public mutating func append(key: String, value: JSONValue) -> Bool {
        guard index(forKey: key) == nil else { return false }
        appendNew(key: key, value: value)
        return true
    }

    mutating func reserveCapacity(_ capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// Appends a member whose key the caller has checked is new.
    mutating func appendNew(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
        if positions != nil {
            positions![key] = members.count - 1
        } else if members.count >= Self.indexThreshold {
            rebuildPositions()
        }
    }

    private mutating func rebuildPositions() {
        guard members.count >= Self.indexThreshold else {
            positions = nil
            return
        }
        var positions = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { positions[member.key] = position }
        self.positions = positions
    }

    /// Writes the object through `writer`, members in order.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for member in members {
            writer.key(member.key)
            member.value.write(to: &writer)
        }
        writer.endObject()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}
