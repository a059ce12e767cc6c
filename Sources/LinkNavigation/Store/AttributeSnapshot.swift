extension SessionStore {
    /// A session's attributes as they were before an update's body ran: what the store compares
    /// the body's result with, and puts back if it throws.
    ///
    /// Up to ``inlineCapacity`` entries are copied aside (no allocation), so the body gets the only
    /// reference to the map and changes it in place: no copy on write, no `free` of the old map. A
    /// larger map is kept whole instead, and the body's first change copies it.
    struct AttributeSnapshot {
        static let inlineCapacity = 4

        /// One attribute set aside.
        struct Entry {
            let key: String
            let value: AttributeValue
        }

        // Four stored entries rather than an `InlineArray` of tuples, whose copies go through the
        // run time's generic tuple witnesses (≈300 instructions per update).
        private let first: Entry?
        private let second: Entry?
        private let third: Entry?
        private let fourth: Entry?
        private let count: Int
        /// The map itself when it has more than ``inlineCapacity`` entries.
        private let whole: [String: AttributeValue]?

        @inline(__always)
        init(_ attributes: [String: AttributeValue]) {
            // Built in locals and stored once: assigning to `self` field by field makes the
            // optimiser copy the whole snapshot out of its temporary (≈130 instructions).
            let count = attributes.count
            guard count <= Self.inlineCapacity else {
                self.init(count: count, whole: attributes, first: nil, second: nil, third: nil, fourth: nil)
                return
            }
            var first: Entry?
            var second: Entry?
            var third: Entry?
            var fourth: Entry?
            var index = 0
            for (key, value) in attributes {
                let entry = Entry(key: key, value: value)
                switch index {
                case 0: first = entry
                case 1: second = entry
                case 2: third = entry
                default: fourth = entry
                }
                index += 1
            }
            self.init(count: count, whole: nil, first: first, second: second, third: third, fourth: fourth)
        }

        @inline(__always)
        private init(
            count: Int,
            whole: [String: AttributeValue]?,
            first: Entry?,
            second: Entry?,
            third: Entry?,
            fourth: Entry?
        ) {
            self.count = count
            self.whole = whole
            self.first = first
            self.second = second
            self.third = third
            self.fourth = fourth
        }

        @inline(__always)
        private func entry(_ index: Int) -> Entry? {
            switch index {
            case 0: first
            case 1: second
            case 2: third
            case 3: fourth
            default: nil
            }
        }

        /// Whether `attributes` has exactly the snapshot's entries.
        ///
        /// A map changed in place keeps its order, so the entries are compared side by side; only a
        /// map whose keys fall out of step is looked up key by key.
        @inline(__always)
        func matches(_ attributes: [String: AttributeValue]) -> Bool {
            guard attributes.count == count else { return false }
            if let whole { return Self.same(attributes, whole) }
            var index = 0
            for (key, value) in attributes {
                guard let entry = entry(index), entry.key == key else { return matchesByLookup(attributes) }
                // The same key on both sides: a different value settles it.
                if entry.value != value { return false }
                index += 1
            }
            return true
        }

        private func matchesByLookup(_ attributes: [String: AttributeValue]) -> Bool {
            for index in 0..<count {
                guard let entry = entry(index), attributes[entry.key] == entry.value else { return false }
            }
            return true
        }

        /// Whether two maps are equal, without hashing when one is a copy of the other with values
        /// changed in place: a copy keeps the bucket order, so walking both side by side decides
        /// unless the keys fall out of step.
        private static func same(_ lhs: [String: AttributeValue], _ rhs: [String: AttributeValue]) -> Bool {
            var left = lhs.startIndex
            var right = rhs.startIndex
            while left != lhs.endIndex && right != rhs.endIndex {
                let (leftKey, leftValue) = lhs[left]
                let (rightKey, rightValue) = rhs[right]
                guard leftKey == rightKey else { return lhs == rhs }
                if leftValue != rightValue { return false }
                left = lhs.index(after: left)
                right = rhs.index(after: right)
            }
            return true
        }

        /// The map as it was.
        func restored() -> [String: AttributeValue] {
            if let whole { return whole }
            var attributes = [String: AttributeValue](minimumCapacity: count)
            for index in 0..<count {
                if let entry = entry(index) { attributes[entry.key] = entry.value }
            }
            return attributes
        }
    }
}
