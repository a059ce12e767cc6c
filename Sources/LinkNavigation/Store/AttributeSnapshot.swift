extension SessionStore {
    /// A session's attributes as they were before an update's body ran: what the store compares
    /// the body's result with, and puts back if it throws.
    ///
    /// Up to ``inlineCapacity`` entries are copied aside into stack memory the caller provides (no
    /// allocation), so the body gets the only reference to the attributes' array and changes it in
    /// place: no copy on write, no `free` of the old array. More attributes are kept whole instead,
    /// and the body's first change copies them.
    struct AttributeSnapshot {
        static let inlineCapacity = 4

        typealias Entry = SessionAttributes.Entry

        /// The copied entries (initialised; ``release()`` deinitialises them), or none when kept
        /// `whole`.
        private let saved: UnsafeMutableBufferPointer<Entry>
        /// The attributes themselves when they have more than ``inlineCapacity`` entries.
        private let whole: SessionAttributes?

        /// A snapshot of `attributes`, its entries copied into `space` (room for ``inlineCapacity``
        /// entries) when they fit. Call ``release()`` when done.
        @inline(__always)
        init(_ attributes: SessionAttributes, space: UnsafeMutableBufferPointer<Entry>) {
            let count = attributes.entries.count
            guard count <= Self.inlineCapacity, let base = space.baseAddress else {
                saved = UnsafeMutableBufferPointer(start: nil, count: 0)
                whole = attributes
                return
            }
            // By index: a `for in` holds its own reference to the array while it iterates.
            for index in 0..<count { (base + index).initialize(to: attributes.entries[index]) }
            saved = UnsafeMutableBufferPointer(start: base, count: count)
            whole = nil
        }

        /// Deinitialises the copied entries.
        @inline(__always)
        func release() {
            // Entry by entry: `deinitialize()` goes through the run time's generic array destroy.
            guard let base = saved.baseAddress else { return }
            for index in 0..<saved.count { _ = (base + index).move() }
        }

        /// Whether `attributes` has exactly the snapshot's entries: both are sorted by name, so
        /// they are compared side by side.
        @inline(__always)
        func matches(_ attributes: SessionAttributes) -> Bool {
            if let whole { return attributes == whole }
            guard attributes.entries.count == saved.count else { return false }
            for index in 0..<saved.count {
                let other = attributes.entries[index]
                guard saved[index].name == other.name, saved[index].value == other.value else { return false }
            }
            return true
        }

        /// The attributes as they were.
        func restored() -> SessionAttributes {
            if let whole { return whole }
            var attributes = SessionAttributes()
            attributes.entries = Array(saved)
            return attributes
        }
    }
}
