extension SessionStore {
    /// A session's attributes as they were before an update's body ran: what the store compares
    /// the body's result with, and puts back if it throws.
    ///
    /// Up to ``inlineCapacity`` entries are copied aside (no allocation), so the body gets the only
    /// reference to the attributes' array and changes it in place: no copy on write, no `free` of
    /// the old array. More attributes are kept whole instead, and the body's first change copies
    /// them.
    struct AttributeSnapshot {
        static let inlineCapacity = 4

        typealias Entry = SessionAttributes.Entry

        // Four stored entries rather than an `InlineArray` of tuples, whose copies go through the
        // run time's generic tuple witnesses (≈300 instructions per update).
        private let first: Entry?
        private let second: Entry?
        private let third: Entry?
        private let fourth: Entry?
        private let count: Int
        /// The attributes themselves when it has more than ``inlineCapacity`` entries.
        private let whole: SessionAttributes?

        @inline(__always)
        init(_ attributes: SessionAttributes) {
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
            // By index: a `for in` holds its own reference to the array while it iterates.
            let entries = attributes.entries
            if count > 0 { first = entries[0] }
            if count > 1 { second = entries[1] }
            if count > 2 { third = entries[2] }
            if count > 3 { fourth = entries[3] }
            self.init(count: count, whole: nil, first: first, second: second, third: third, fourth: fourth)
        }

        @inline(__always)
        private init(
            count: Int,
            whole: SessionAttributes?,
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

        /// Whether `attributes` has exactly the snapshot's entries: both are sorted by name, so
        /// they are compared side by side.
        @inline(__always)
        func matches(_ attributes: SessionAttributes) -> Bool {
            guard attributes.count == count else { return false }
            if let whole { return attributes == whole }
            for index in 0..<count {
                guard let entry = entry(index) else { return false }
                let other = attributes.entries[index]
                guard entry.name == other.name, entry.value == other.value else { return false }
            }
            return true
        }

        /// The attributes as they were.
        func restored() -> SessionAttributes {
            if let whole { return whole }
            var attributes = SessionAttributes()
            attributes.entries.reserveCapacity(count)
            for index in 0..<count {
                if let entry = entry(index) { attributes.entries.append(entry) }
            }
            return attributes
        }
    }
}
