/// The app's screens, checked once: every parent and origin exists and parents form no cycle.
public struct ScreenGraph: Sendable {
    /// Screens in declaration order.
    public let ordered: [Screen]
    /// Declaration index of each screen, by name.
    @usableFromInline let positions: NameIndex
    /// For the screen at each index, the indices of the screens whose `origins` name it, ascending.
    private let namedAfter: [[Int32]]
    /// The indices of the screens without `origins` (allowed after any screen), ascending.
    private let placeableAnywhere: [Int32]
    /// For the screen at each index, its `origins` as declaration indices (see ``OriginSpan``): in
    /// place for the usual screen of one origin, where an array of its own would be one more cache
    /// line for every navigation to it.
    private let originSpans: [OriginSpan]
    /// The origins of the screens with several, ascending per screen: `originSpans` index it.
    private let originList: [Int32]

    /// A screen's origins: `count` indices from `start` in ``originList``, or for one origin
    /// (`count` 1) that origin's index itself in `start`; a `count` of -1 for no `origins`.
    private struct OriginSpan {
        var start: Int32
        var count: Int32
    }

    /// - Throws: ``ScreenGraphError`` listing every unknown name and parent cycle.
    public init(_ screens: [Screen]) throws(ScreenGraphError) {
        var byName: [String: Screen] = [:]
        var problems: [String] = []
        for screen in screens {
            if byName[screen.name] != nil { problems.append("screen '\(screen.name)' is declared twice") }
            byName[screen.name] = screen
        }
        for screen in screens {
            if let parent = screen.parent, byName[parent] == nil {
                problems.append("screen '\(screen.name)': unknown parent '\(parent)'")
            }
            for origin in (screen.origins ?? []).sorted() where byName[origin] == nil {
                problems.append("screen '\(screen.name)': unknown origin '\(origin)'")
            }
        }
        for screen in screens {
            var seen: [String] = [screen.name]
            var current = screen.parent
            while let name = current, let next = byName[name] {
                if seen.contains(name) {
                    if name == screen.name {
                        problems.append("parent cycle: " + (seen + [name]).joined(separator: " > "))
                    }
                    break
                }
                seen.append(name)
                current = next.parent
            }
        }
        guard problems.isEmpty else { throw ScreenGraphError(problems: problems) }
        self.ordered = screens
        let positions = NameIndex(screens.map(\.name))
        var namedAfter = [[Int32]](repeating: [], count: screens.count)
        var anywhere: [Int32] = []
        var originSpans = [OriginSpan](repeating: OriginSpan(start: 0, count: -1), count: screens.count)
        var originList: [Int32] = []
        for (index, screen) in screens.enumerated() {
            guard let origins = screen.origins else {
                anywhere.append(Int32(index))
                continue
            }
            var own: [Int32] = []
            for origin in origins {
                guard let at = positions.position(of: origin) else { continue }
                namedAfter[at].append(Int32(index))
                own.append(Int32(at))
            }
            own.sort()
            if own.count == 1 {
                originSpans[index] = OriginSpan(start: own[0], count: 1)
            } else {
                originSpans[index] = OriginSpan(start: Int32(originList.count), count: Int32(own.count))
                originList += own
            }
        }
        self.positions = positions
        self.namedAfter = namedAfter.map { $0.sorted() }
        self.placeableAnywhere = anywhere
        self.originSpans = originSpans
        self.originList = originList
    }

    /// The declaration index of the screen called `name`.
    public func position(of name: String) -> Int? { positions.position(of: name) }

    /// The declaration index of `entry`'s screen: the entry's hint when the screen there is
    /// the entry's (the same string), else by name. A hint from another graph is then a miss.
    /// Inlinable: an entry read in place from a stack's buffer is then not copied (its name and
    /// params retained and released) to be handed to a call, here or in a renderer.
    @inlinable
    public func position(of entry: StackEntry) -> Int? {
        positions.position(of: entry.screen, hint: entry.positionHint)
    }

    /// Whether the screen at `index` may be placed directly above the screen at `below`:
    /// ``Screen/allows(after:)`` by declaration indices, without hashing a name. Inlined: a look
    /// at two arrays, asked for each base a navigation tries.
    @inline(__always)
    public func allows(_ index: Int, after below: Int) -> Bool {
        let span = originSpans[index]
        if span.count == 1 { return Int(span.start) == below }
        guard span.count > 0 else { return span.count < 0 }
        let start = Int(span.start)
        return originList[start..<(start + Int(span.count))].contains(Int32(truncatingIfNeeded: below))
    }

    /// Whether any screen may be placed directly above the screen at `index` (what
    /// ``forEachSuccessor(of:explicitOnly:_:)`` would visit).
    public func hasSuccessors(of index: Int, explicitOnly: Bool) -> Bool {
        !namedAfter[index].isEmpty || (!explicitOnly && !placeableAnywhere.isEmpty)
    }

    /// Calls `body` with the index of every screen that may be placed directly above the screen at
    /// `index`, in declaration order: those whose `origins` name it and, unless `explicitOnly`, those
    /// without `origins`. Stops when `body` returns `false`.
    public func forEachSuccessor(of index: Int, explicitOnly: Bool, _ body: (Int) -> Bool) {
        let named = namedAfter[index]
        let anywhere = explicitOnly ? [] : placeableAnywhere
        var i = 0
        var j = 0
        while i < named.count || j < anywhere.count {
            let next: Int32
            if j == anywhere.count || (i < named.count && named[i] < anywhere[j]) {
                next = named[i]
                i += 1
            } else {
                next = anywhere[j]
                j += 1
            }
            if !body(Int(next)) { return }
        }
    }

    /// Whether `entry`'s screen is `screen`, the screen at `position`: by the entry's position hint
    /// when it holds (names are distinct, so another position is another screen), else by name.
    func isScreen(of entry: StackEntry, _ screen: Screen, at position: Int?) -> Bool {
        if let position, let hint = entry.positionHint, positions.isName(at: hint, identicalTo: entry.screen) {
            return hint == position
        }
        return entry.screen == screen.name
    }

    /// Whether the screen at `index` is the screen of one of `entries`, its name read in place.
    func isNamed(_ index: Int, onAnyOf entries: UnsafeBufferPointer<StackEntry>) -> Bool {
        ordered.withUnsafeBufferPointer { screens in
            let name = screens[index].name
            return entries.contains { $0.screen == name }
        }
    }

    public subscript(name: String) -> Screen? { positions.position(of: name).map { ordered[$0] } }

    /// Whether `ancestor` is on `screen`'s parent chain (`screen` itself not included). Parents form
    /// no cycle (checked at init), so the walk ends.
    public func isAncestor(_ ancestor: String, of screen: Screen) -> Bool {
        var current = screen.parent
        while let name = current {
            if name == ancestor { return true }
            current = self[name]?.parent
        }
        return false
    }

    /// `screen`'s parent chain, root first, ending with `screen` itself.
    public func chain(to screen: Screen) -> [Screen] {
        var chain = [screen]
        var current = screen.parent
        while let name = current, let parent = self[name] {
            chain.insert(parent, at: 0)
            current = parent.parent
        }
        return chain
    }
}

/// A screen graph that contradicts itself.
public struct ScreenGraphError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
