internal import LinkNavigation

/// The screens' rows (``ScreenRow``) by the two words of their names as stored: what an entry's screen is
/// found by, read where the entry lies with no copy of it (a copy retains its screen's name and
/// its params, and the graph's lookup takes the entry itself).
///
/// A name's words are equal to an entry's screen's exactly when the entry holds a copy of that
/// very name or an equal small string, as the resolver's entries do (see
/// `String.hasSameUTF8(as:)`). An entry whose screen is spelled alike but stored apart is not
/// found here; the caller then asks the graph.
struct ScreenNameIndex: @unchecked Sendable {
    // @unchecked: the slots are written once, in `init`, and only read after; the rows they hold
    // are kept alive by the rendering that holds this index.

    /// A power of two of slots, at most half of them used; an empty slot has no row. Each row
    /// holds its screen's name's words.
    private let slots: [ScreenRow?]
    private let shift: UInt64
    /// The screens' rows in their order, which is the graph's: an entry's position hint is
    /// checked here first, with no hash.
    private let positions: [ScreenRow]

    /// Indexes `screens` (in the graph's order) by their names and positions; the caller keeps
    /// them alive as long as this index.
    init(_ screens: [ScreenTokens]) {
        positions = screens.map(\.row)
        var size = 4
        while size < screens.count * 2 { size *= 2 }
        shift = UInt64(64 - size.trailingZeroBitCount)
        var slots = [ScreenRow?](repeating: nil, count: size)
        for screen in screens {
            var index = Self.start(screen.row.name, shift: shift)
            while slots[index] != nil { index = (index + 1) & (size - 1) }
            slots[index] = screen.row
        }
        self.slots = slots
    }

    /// A string's two words as stored.
    @inline(__always)
    static func words(of name: String) -> (UInt64, UInt64) {
        unsafeBitCast(name, to: (UInt64, UInt64).self)
    }

    /// Where the probe for `name` starts: the high bits of its words' product with an odd constant.
    @inline(__always)
    private static func start(_ name: (UInt64, UInt64), shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((name.0 ^ name.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> shift)
    }

    /// The row of the screen whose name has these words, or `nil` when none has them: the
    /// screen at `hint` (any number) when its name has them, else looked up.
    @inline(__always)
    func row(named name: (UInt64, UInt64), hint: Int) -> ScreenRow? {
        let byHint = positions.withUnsafeBufferPointer { positions -> ScreenRow? in
            guard UInt(bitPattern: hint) < UInt(bitPattern: positions.count), positions[hint].name == name
            else { return nil }
            return positions[hint]
        }
        return byHint ?? row(named: name)
    }

    /// The row of the screen whose name has these words, or `nil` when none has them.
    @inline(__always)
    func row(named name: (UInt64, UInt64)) -> ScreenRow? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var index = Self.start(name, shift: shift)
            while let row = slots[index] {
                if row.name == name { return row }
                index = (index &+ 1) & mask
            }
            return nil
        }
    }
}
