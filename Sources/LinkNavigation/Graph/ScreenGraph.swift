/// The app's screens, checked once: every parent and origin exists and parents form no cycle.
public struct ScreenGraph: Sendable {
    private let screens: [String: Screen]
    /// Screens in declaration order.
    public let ordered: [Screen]

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
        self.screens = byName
        self.ordered = screens
    }

    public subscript(name: String) -> Screen? { screens[name] }

    /// `screen`'s parent chain, root first, ending with `screen` itself.
    public func chain(to screen: Screen) -> [Screen] {
        var chain = [screen]
        var current = screen.parent
        while let name = current, let parent = screens[name] {
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
