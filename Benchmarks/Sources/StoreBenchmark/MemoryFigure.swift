import LinkNavigation

/// Z: resident bytes per session after creating 1,000,000 sessions, each with a 3-screen stack.
enum MemoryFigure {
    static let sessions = 1_000_000

    static func measure() throws -> Double {
        let before = try Machine.residentBytes()
        let store = SessionStore()
        for n in 0..<sessions {
            let session = try store.create()
            _ = try store.update(session.id) { session in
                session.stack = Stacks.threeScreens(n)
                session.nextEntryNumber = 4
            }
        }
        let after = try Machine.residentBytes()
        guard store.count == sessions else {
            throw BenchmarkError(description: "memory: \(store.count) sessions held, expected \(sessions)")
        }
        withExtendedLifetime(store) {}
        return Double(after - before) / Double(sessions)
    }
}
