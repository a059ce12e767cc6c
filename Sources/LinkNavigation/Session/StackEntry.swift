public import LinkRouting

/// One screen on a session's stack, with the typed params it was handed.
///
/// 32 bytes: the id and a hint to the screen's position in one word (``EntryKey``), the screen's
/// name, and the params and the presentation in one word.
public struct StackEntry: Sendable, Hashable {
    /// The id (`e<number>` as a number) and the screen's position when the entry was made.
    @usableFromInline let key: EntryKey
    public let screen: String
    /// The params and the presentation in one word: the presentation is the case, carried in the
    /// spare bits of the params' array reference, so an entry is 32 bytes instead of 40.
    @usableFromInline let presented: Presented

    @usableFromInline enum Presented: Sendable, Hashable {
        case push(EntryParams)
        case modal(EntryParams)
        case root(EntryParams)
    }

    /// Every declared param of the screen: required ones present, defaults filled, optional ones `null`.
    @inlinable
    public var params: EntryParams {
        switch presented {
        case .push(let params), .modal(let params), .root(let params): params
        }
    }

    @inlinable
    public var presentation: Presentation {
        switch presented {
        case .push: .push
        case .modal: .modal
        case .root: .root
        }
    }

    /// Unique within its session (`e1`, `e2`, ...).
    public var id: String { key.id }

    /// The number of an id `e<number>` (no leading zero, below 2^47), `nil` for any other id.
    @inlinable
    package var number: Int? { key.number }

    /// An entry with an id of any spelling: `e<number>` is kept as its number, any other is kept
    /// aside once for the process and written as given.
    public init(id: String, screen: String, params: EntryParams, presentation: Presentation) {
        self.init(key: EntryKey(id: id, hint: nil), screen: screen, params: params, presentation: presentation)
    }

    /// The entry `e<number>`; `position` is its screen's declaration index in the graph it is made
    /// with, if known (a hint that spares the renderer a lookup by name).
    package init(number: Int, screen: String, params: EntryParams, presentation: Presentation, position: Int? = nil) {
        self.init(
            key: EntryKey(number: number, hint: position),
            screen: screen,
            params: params,
            presentation: presentation
        )
    }

    @inline(__always)
    init(key: EntryKey, screen: String, params: EntryParams, presentation: Presentation) {
        self.key = key
        self.screen = screen
        presented =
            switch presentation {
            case .push: .push(params)
            case .modal: .modal(params)
            case .root: .root(params)
            }
    }

    /// The screen's declaration index when the entry was made, if known: a hint to check against
    /// the graph (``ScreenGraph/position(of:)-(StackEntry)``).
    @inlinable var positionHint: Int? { key.hint }

    /// ``positionHint`` as its raw 16 bits, 0xFFFF for none: a number to look up with no optional,
    /// for a caller that checks the name at that position anyway (any number past the graph's
    /// screens is a miss).
    @inlinable package var positionHintBits: Int { Int(truncatingIfNeeded: key.bits & EntryKey.noHint) }

    /// Whether both have the same id, compared without a string.
    @inline(__always)
    package func hasSameID(as other: StackEntry) -> Bool { key.code == other.key.code }

    /// Whether the id is spelled `id`.
    package func hasID(_ id: String) -> Bool { key.isSpelled(id) }

    public static func == (lhs: StackEntry, rhs: StackEntry) -> Bool {
        lhs.key.code == rhs.key.code && lhs.screen == rhs.screen && lhs.presented == rhs.presented
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key.code)
        hasher.combine(screen)
        hasher.combine(presented)
    }

    /// An entry whose params are given as a dictionary (sorted by name).
    public init(id: String, screen: String, params: [String: ParamValue], presentation: Presentation) {
        self.init(id: id, screen: screen, params: EntryParams(params), presentation: presentation)
    }

    /// The same entry with new params (an `update`).
    func with(params: EntryParams) -> StackEntry {
        StackEntry(key: key, screen: screen, params: params, presentation: presentation)
    }

    /// Whether the entries at `lhs` and `rhs` hold the same bits: copies of one entry, equal without
    /// a look at their strings or params, and read in place (no copy out of the array, no retain).
    /// Unequal bits say nothing: the caller goes on to `==`.
    package static func sameBits(_ lhs: UnsafePointer<StackEntry>, _ rhs: UnsafePointer<StackEntry>) -> Bool {
        // The key, the screen's string and the params word: 32 bytes of plain words with no
        // padding, whose equal bits are one value whatever their encoding (see `hasSameUTF8(as:)`).
        // Safe: the pointers are to initialised entries, 8-byte aligned, and only trivial words are
        // loaded from them, with no reference taken.
        guard MemoryLayout<StackEntry>.size == 32, MemoryLayout<Presented>.size == 8 else { return false }
        let left = UnsafeRawPointer(lhs)
        let right = UnsafeRawPointer(rhs)
        for offset in stride(from: 0, to: 32, by: 8)
        where left.load(fromByteOffset: offset, as: UInt64.self) != right.load(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        return true
    }

    /// Whether two stacks are equal (`==`), compared in place from the top down: a navigation
    /// changes the top entries, whose ids then differ at the first look, and entries that are copies
    /// of each other are told by their bits before `==` looks at their screens and params.
    package static func stacksEqual(_ lhs: [StackEntry], _ rhs: [StackEntry]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                if leftBase == rightBase { return true }
                for index in stride(from: left.count - 1, through: 0, by: -1)
                where !sameBits(leftBase + index, rightBase + index) && left[index] != right[index] {
                    return false
                }
                return true
            }
        }
    }

    /// Whether both have the same presentation and the very same params storage (copies of one
    /// value): one comparison of the word that packs both, without taking the params out. Equal
    /// bits are one value, whatever the enum's encoding; unequal bits could at worst miss a share,
    /// which only costs the caller the longer way.
    package func sharesPresentationAndParams(with other: StackEntry) -> Bool {
        if MemoryLayout<Presented>.size == 8 {
            return unsafeBitCast(presented, to: UInt64.self) == unsafeBitCast(other.presented, to: UInt64.self)
        }
        return presentation == other.presentation && params.sharesStorage(with: other.params)
    }
}
