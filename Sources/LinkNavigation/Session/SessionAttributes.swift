/// A session's attributes: names with a string, number or bool value, kept sorted by name.
///
/// A session holds a handful of attributes, so they live in one sorted array instead of a hash
/// table: a lookup compares a few names (no hashing), an update in place touches one entry,
/// iteration and JSON output come in name order without sorting, and two maps compare entry by
/// entry. Used like a dictionary: `attributes["plan"] = .string("pro")`, `nil` removes.
public struct SessionAttributes: Sendable, Hashable {
    /// One attribute.
    public struct Entry: Sendable, Hashable {
        public let name: String
        public var value: AttributeValue

        @inlinable
        public init(name: String, value: AttributeValue) {
            self.name = name
            self.value = value
        }
    }

    /// Sorted by name (`String`'s `<`), names unique.
    @usableFromInline
    var entries: [Entry]

    /// No attributes.
    @inlinable
    public init() { entries = [] }

    /// The attributes of `pairs`; a name given twice keeps its last value.
    public init(_ pairs: some Sequence<(String, AttributeValue)>) {
        entries = []
        for (name, value) in pairs { self[name] = value }
    }

    /// The attributes of a dictionary.
    public init(_ dictionary: [String: AttributeValue]) {
        self.init(dictionary.lazy.map { ($0.key, $0.value) })
    }

    /// Where `name` is: its index, or `nil`.
    @inlinable
    func index(of name: String) -> Int? {
        // A session has few attributes: comparing names for equality in order beats a binary search
        // with `<` up to a dozen or so.
        if entries.count <= 16 {
            return entries.firstIndex { $0.name == name }
        }
        let slot = insertionIndex(of: name)
        return slot < entries.count && entries[slot].name == name ? slot : nil
    }

    /// The first index whose name is not below `name`.
    @usableFromInline
    func insertionIndex(of name: String) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].name < name { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The value of `name`, or `nil`; setting `nil` removes it.
    @inlinable
    public subscript(name: String) -> AttributeValue? {
        get { index(of: name).map { entries[$0].value } }
        set {
            if let index = index(of: name) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                insert(Entry(name: name, value: newValue))
            }
        }
    }

    /// Adds an entry whose name is not present yet, in name order.
    @usableFromInline
    mutating func insert(_ entry: Entry) {
        entries.insert(entry, at: insertionIndex(of: entry.name))
    }

    /// The names, in order.
    public var names: [String] { entries.map(\.name) }
}

extension SessionAttributes: RandomAccessCollection {
    public typealias Element = (key: String, value: AttributeValue)

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { entries.count }
    @inlinable public var count: Int { entries.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }

    @inlinable
    public subscript(position: Int) -> (key: String, value: AttributeValue) {
        let entry = entries[position]
        return (entry.name, entry.value)
    }
}

extension SessionAttributes: ExpressibleByDictionaryLiteral {
    /// A name given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, AttributeValue)...) {
        self.init(elements)
    }
}
