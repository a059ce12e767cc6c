public import LinkRouting

/// One screen on a session's stack, with the typed params it was handed.
public struct StackEntry: Sendable, Hashable {
    /// Unique within its session (`e1`, `e2`, ...).
    public let id: String
    public let screen: String
    /// The params and the presentation in one word: the presentation is the case, carried in the
    /// spare bits of the params' array reference, so an entry is 40 bytes instead of 48.
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

    public init(id: String, screen: String, params: EntryParams, presentation: Presentation) {
        self.id = id
        self.screen = screen
        presented =
            switch presentation {
            case .push: .push(params)
            case .modal: .modal(params)
            case .root: .root(params)
            }
    }

    /// The id of the entry numbered `number`: `e<number>`. Written digit by digit into the string's
    /// own bytes: up to 14 digits it is a small string, made without the allocation and the
    /// concatenation that `"e" + String(number)` costs.
    package static func id(number: Int) -> String {
        guard number >= 0, number < 100_000_000_000_000 else { return "e\(number)" }
        var digits = 1
        var rest = number
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return String(unsafeUninitializedCapacity: digits + 1) { buffer in
            buffer[0] = UInt8(ascii: "e")
            var value = number
            for index in stride(from: digits, to: 0, by: -1) {
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            }
            return digits + 1
        }
    }

    /// An entry whose params are given as a dictionary (sorted by name).
    public init(id: String, screen: String, params: [String: ParamValue], presentation: Presentation) {
        self.init(id: id, screen: screen, params: EntryParams(params), presentation: presentation)
    }

    /// The same entry with new params (an `update`).
    func with(params: EntryParams) -> StackEntry {
        StackEntry(id: id, screen: screen, params: params, presentation: presentation)
    }

    /// Whether the entries at `lhs` and `rhs` hold the same bits: copies of one entry, equal without
    /// a look at their strings or params, and read in place (no copy out of the array, no retain).
    /// Unequal bits say nothing: the caller goes on to `==`.
    package static func sameBits(_ lhs: UnsafePointer<StackEntry>, _ rhs: UnsafePointer<StackEntry>) -> Bool {
        // Two strings and the params word: 40 bytes of plain words with no padding, whose equal bits
        // are one value whatever their encoding (see `hasSameUTF8(as:)`). Safe: the pointers are to
        // initialised entries, 8-byte aligned, and only trivial words are loaded from them, with no
        // reference taken.
        guard MemoryLayout<StackEntry>.size == 40, MemoryLayout<Presented>.size == 8 else { return false }
        let left = UnsafeRawPointer(lhs)
        let right = UnsafeRawPointer(rhs)
        for offset in stride(from: 0, to: 40, by: 8)
        where left.load(fromByteOffset: offset, as: UInt64.self) != right.load(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        return true
    }

    /// Whether two stacks are equal (`==`), compared in place from the top down: a navigation
    /// changes the top entries, whose ids then differ at the first look, and entries that are copies
    /// of each other are told by their bits before `==` looks at their strings and params.
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
