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
        /// The attributes themselves when they have more than ``inlineCapacity`` entries, kept in the
        /// caller's space too: the snapshot holds only pointers, so it needs no release of its own
        /// (an optional `SessionAttributes` here cost a release call on every update).
        private let whole: UnsafeMutablePointer<SessionAttributes>?

        /// A snapshot of `attributes`, its entries copied into `space` (room for ``inlineCapacity``
        /// entries) when they fit. Call ``release()`` when done.
        @inline(__always)
        init(_ attributes: SessionAttributes, space: UnsafeMutableBufferPointer<Entry>) {
            let count = attributes.entries.count
            guard let base = space.baseAddress else { preconditionFailure("no space for the snapshot") }
            guard _fastPath(count <= Self.inlineCapacity) else {
                saved = UnsafeMutableBufferPointer(start: nil, count: 0)
                let kept = UnsafeMutableRawPointer(base).bindMemory(to: SessionAttributes.self, capacity: 1)
                kept.initialize(to: attributes)
                whole = kept
                return
            }
            // By index: a `for in` holds its own reference to the array while it iterates.
            for index in 0..<count { (base + index).initialize(to: attributes.entries[index]) }
            saved = UnsafeMutableBufferPointer(start: base, count: count)
            whole = nil
        }

        /// Deinitialises the copied entries, or the attributes kept whole.
        @inline(__always)
        func release() {
            if let whole {
                _ = whole.move()
                UnsafeMutableRawPointer(whole).bindMemory(to: Entry.self, capacity: Self.inlineCapacity)
                return
            }
            // Entry by entry: `deinitialize()` goes through the run time's generic array destroy.
            guard let base = saved.baseAddress else { return }
            for index in 0..<saved.count { _ = (base + index).move() }
        }

        /// Whether `attributes` has exactly the snapshot's entries: both are sorted by name, so
        /// they are compared side by side.
        @inline(__always)
        func matches(_ attributes: SessionAttributes) -> Bool {
            if let whole { return attributes == whole.pointee }
            guard attributes.entries.count == saved.count else { return false }
            // In place, entry by entry: a copy of each entry cost a retain and an outlined copy.
            return attributes.entries.withUnsafeBufferPointer { entries in
                for index in 0..<saved.count {
                    guard saved[index].name == entries[index].name, saved[index].value == entries[index].value else {
                        return false
                    }
                }
                return true
            }
        }

        /// The attributes as they were.
        func restored() -> SessionAttributes {
            if let whole { return whole.pointee }
            var attributes = SessionAttributes()
            attributes.entries = Array(saved)
            return attributes
        }
    }
}
