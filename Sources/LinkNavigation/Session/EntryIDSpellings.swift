import ThreadSanitizerHooks

/// Entry ids that are not `e<number>` below ``EntryKey/numberLimit``, each kept once: an entry
/// holds such an id as its index here (``EntryKey``), which stays one plain word.
///
/// The product makes no such id before a session's entry counter passes `2^47`; they come from
/// entries built with ids of their own spelling. Spellings are kept for the life of the process:
/// there is one per distinct id, however many entries carry it.
enum EntryIDSpellings {
    private struct Table {
        /// By UTF-8 bytes: an id is written as spelled, so two spellings are two ids even where
        /// `String`'s `==` finds them canonically equivalent.
        var indices: [[UInt8]: Int] = [:]
        var ids: [String] = []
    }

    /// The table behind its lock.
    private static let locked = SanitizedMutex(Table())

    /// The index of `id`, kept here from now on if it was not: one index per spelling.
    static func index(of id: String) -> Int {
        let bytes = Array(id.utf8)
        return locked.withLock { table in
            if let index = table.indices[bytes] { return index }
            let index = table.ids.count
            table.ids.append(id)
            table.indices[bytes] = index
            return index
        }
    }

    /// The id kept at `index` (from ``index(of:)``).
    static func id(at index: Int) -> String {
        locked.withLock { $0.ids[index] }
    }
}
