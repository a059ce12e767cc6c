public import LinkRouting

/// The typed params of one stack entry: its screen's declared params, in declaration order when the
/// resolver made them (sorted by name when built from a dictionary).
///
/// A small array instead of a `Dictionary`: a screen declares a handful of params, found by a short
/// scan, and a million sessions' stacks hold one of these per entry (two params take 128 bytes of
/// heap instead of 240; none take nothing). Equality and hashing ignore the order.
public struct EntryParams: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: ParamValue)

    /// One named value.
    @usableFromInline
    struct Param: Sendable, Hashable {
        @usableFromInline let name: String
        @usableFromInline let value: ParamValue
    }

    @usableFromInline
    var storage: [Param]

    /// No params.
    public init() {
        storage = []
    }

    /// The params of `dictionary`, sorted by name.
    public init(_ dictionary: [String: ParamValue]) {
        storage = dictionary.sorted { $0.key < $1.key }.map { Param(name: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, ParamValue)...) {
        self.init(Dictionary(elements) { first, _ in first })
    }

    /// Params in the order given, names distinct (a screen's declared params).
    init(ordered params: [Param]) {
        storage = params
    }

    /// A match's params by name, in match order (path params first). Read from the match without
    /// building its ``RouteMatch/params`` array.
    ///
    /// A route table refuses a route that repeats a param name (`duplicate_parameter`: in the
    /// pattern, or as both a placeholder and a query param), so the names of a match are distinct
    /// and are not compared.
    ///
    /// The match is borrowed, not taken (an initialiser's default would copy it for the call).
    init(match: borrowing RouteMatch) {
        let count = match.paramCount
        guard count > 0 else {  // no array asked for: the empty one
            storage = []
            return
        }
        // A handful (nearly every link's): gathered first, then one array of exactly their count
        // made as a literal is, with no growth of an empty array through the generic reallocation.
        if count <= 3, let few = Self.few(match, count) {
            storage = few
            return
        }
        var kept: [Param] = []
        kept.reserveCapacity(count)
        match.forEachParam { name, value, _ in kept.append(Param(name: name, value: value)) }
        storage = kept
    }

    /// The params of a match with one to three, as an array of their count; `nil` when the match
    /// hands over another number of them than `count`.
    @inline(__always)
    private static func few(_ match: borrowing RouteMatch, _ count: Int) -> [Param]? {
        // Made as a literal of the right count, each element then set in place: a placeholder of
        // plain bits (an empty small string and a bool), with nothing to release when replaced.
        let blank = Param(name: "", value: .bool(false))
        var params: [Param] =
            switch count {
            case 1: [blank]
            case 2: [blank, blank]
            default: [blank, blank, blank]
            }
        var handed = 0
        params.withUnsafeMutableBufferPointer { slots in
            guard let first = slots.baseAddress else { return }
            match.forEachParam { name, value, _ in
                // Initialised over the placeholder, not assigned: it holds no reference, so there
                // is nothing of it to release. Safe: the slot is within the array's `count`
                // elements, alive for this closure, which the array keeps unique.
                if handed < slots.count { (first + handed).initialize(to: Param(name: name, value: value)) }
                handed &+= 1
            }
        }
        return handed == count ? params : nil
    }

    /// The value of the param `name`, or `nil` when there is none.
    public subscript(name: String) -> ParamValue? {
        for param in storage where param.name == name { return param.value }
        return nil
    }

    /// Whether the param at `index` of the stored order is called `name`.
    @inlinable
    public func name(at index: Int, is name: String) -> Bool { storage[index].name == name }

    /// Whether the params are called `names`, in that order, byte for byte (`hasSameUTF8` for
    /// each). Names read in place: one that is a copy of its declared name (as the resolver's
    /// are) or an equal small string has its bits, and only other names are compared by bytes.
    package func hasNames(exactly names: [String]) -> Bool {
        guard storage.count == names.count else { return false }
        return storage.withUnsafeBufferPointer { params in
            names.withUnsafeBufferPointer { names in
                for index in names.indices where !params[index].name.hasSameUTF8(as: names[index]) { return false }
                return true
            }
        }
    }

    /// Whether the params' names are, in order, the strings whose two words as stored are
    /// `words`: read where they are stored, nothing retained. `true` says the names are those
    /// strings (a copy of each, or an equal small string); `false` says nothing, as a name spelled
    /// alike but stored apart has other words (``hasNames(exactly:)`` then compares bytes).
    @inlinable
    package func hasNameWords(_ words: UnsafeBufferPointer<(UInt64, UInt64)>) -> Bool {
        guard storage.count == words.count, MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
            let offset = MemoryLayout<Param>.offset(of: \Param.name)
        else { return false }
        // Only the names' words are loaded, from the storage this value keeps alive.
        return storage.withUnsafeBytes { params in
            for index in 0..<words.count {
                let name = params.loadUnaligned(
                    fromByteOffset: index &* MemoryLayout<Param>.stride &+ offset,
                    as: (UInt64, UInt64).self
                )
                guard name == words[index] else { return false }
            }
            return true
        }
    }

    /// The name at `index` of the stored order.
    @inlinable
    public func name(at index: Int) -> String { storage[index].name }

    /// The value at `index` of the stored order.
    @inlinable
    public func value(at index: Int) -> ParamValue { storage[index].value }

    /// The two words as stored of the value at `index` of the stored order when it is a small
    /// string (``SmallStringLayout``), or `nil` (any other value, a string stored apart, or a
    /// platform whose layout is not known). Read where it is stored: nothing is retained, and the
    /// words are plain bits that need nothing alive.
    @inlinable
    package func smallStringWords(at index: Int) -> (UInt64, UInt64)? {
        guard case .string(let value) = storage[index].value else { return nil }
        return SmallStringLayout.words(of: value)
    }

    /// Whether both hold the very same storage: copies of one value, which render to the same
    /// bytes. (`==` is looser: canonically equivalent strings and `-0.0` and `0.0` are equal.)
    package func sharesStorage(with other: EntryParams) -> Bool {
        storage.sharesBuffer(with: other.storage)
    }

    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The params as a dictionary.
    public var dictionary: [String: ParamValue] {
        Dictionary(uniqueKeysWithValues: storage.map { ($0.name, $0.value) })
    }

    public func makeIterator() -> Iterator {
        Iterator(base: storage.makeIterator())
    }

    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Param]>

        public mutating func next() -> Element? {
            base.next().map { ($0.name, $0.value) }
        }
    }

    public static func == (lhs: EntryParams, rhs: EntryParams) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        if lhs.storage == rhs.storage { return true }  // the same order: one pass
        return lhs.storage.allSatisfy { rhs[$0.name] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, as equality is: the sum of each param's own hash.
        var sum = 0
        for param in storage { sum &+= param.hashValue }
        hasher.combine(storage.count)
        hasher.combine(sum)
    }
}
