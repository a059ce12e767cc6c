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
        merge(pairs.lazy.map { ($0.0, Optional($0.1)) })
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

    /// Applies `changes` in order: a value sets its name, `nil` removes it, and a later change to
    /// a name wins over an earlier one.
    ///
    /// A few changes are applied one by one. More are sorted and merged with the entries in one
    /// pass, O((n + k) log k) for k changes: setting them one at a time would shift the array for
    /// each new name, quadratic in the size of a request body full of attributes.
    public mutating func merge(_ changes: some Sequence<(String, AttributeValue?)>) {
        var sorted: [(name: String, value: AttributeValue?, order: Int)] = []
        for (order, change) in changes.enumerated() { sorted.append((change.0, change.1, order)) }
        guard sorted.count > 8 else {
            for change in sorted { self[change.name] = change.value }
            return
        }
        sorted.sort { $0.name == $1.name ? $0.order < $1.order : $0.name < $1.name }
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count + sorted.count)
        var old = 0
        var next = 0
        while next < sorted.count {
            // The last change of a run of equal names is the one that holds.
            var last = next
            while last + 1 < sorted.count && sorted[last + 1].name == sorted[next].name { last += 1 }
            let change = sorted[last]
            while old < entries.count && entries[old].name < change.name {
                merged.append(entries[old])
                old += 1
            }
            if old < entries.count && entries[old].name == change.name { old += 1 }  // replaced or removed
            if let value = change.value { merged.append(Entry(name: change.name, value: value)) }
            next = last + 1
        }
        merged.append(contentsOf: entries[old...])
        entries = merged
    }
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
