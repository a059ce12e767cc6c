/// A stack entry's id and a hint to its screen's position in the graph, in one word: the id's
/// code in the high 48 bits, the hint in the low 16.
///
/// Every id the product makes is `e<number>`: the code is then the number itself, which is
/// compared as an integer and rendered as `e` and its digits, with no string made. An id of any
/// other spelling (given to ``StackEntry/init(id:screen:params:presentation:)``), or a number
/// from ``numberLimit`` up or below zero, is kept in ``EntryIDSpellings`` and its code is its
/// index there, with ``spelledFlag`` set. Two codes are equal exactly when their ids are spelled
/// alike, byte for byte.
///
/// The hint is the position the screen had when the entry was made, or ``noHint``. It is only a
/// hint: the graph checks that the name at that position is the entry's screen before using it,
/// so a hint from another graph (after a reload) is a miss, never a wrong answer.
@usableFromInline
struct EntryKey: Sendable {
    @usableFromInline let bits: UInt64

    /// Numbers in `0..<numberLimit` are codes of their own (`2^47`: over 140 million million).
    static let numberLimit = 1 << 47
    /// Set in a code that is an index into ``EntryIDSpellings``.
    @usableFromInline static var spelledFlag: UInt64 { 1 << 47 }
    /// The hint of an entry made without one.
    @usableFromInline static var noHint: UInt64 { 0xFFFF }

    @inline(__always)
    private init(code: UInt64, hint: Int?) {
        let hintBits: UInt64 =
            if let hint, hint >= 0, hint < Int(Self.noHint) { UInt64(truncatingIfNeeded: hint) } else { Self.noHint }
        bits = code << 16 | hintBits
    }

    /// The key of the id `e<number>`.
    @inline(__always)
    init(number: Int, hint: Int?) {
        if number >= 0, number < Self.numberLimit {
            self.init(code: UInt64(truncatingIfNeeded: number), hint: hint)
        } else {
            self.init(spelled: "e\(number)", hint: hint)
        }
    }

    /// The key of the id spelled `id`: its number when it is `e<number>` as the product spells
    /// it (no leading zero), else its spelling kept aside.
    init(id: String, hint: Int?) {
        if let number = Self.number(spelledBy: id) {
            self.init(code: UInt64(truncatingIfNeeded: number), hint: hint)
        } else {
            self.init(spelled: id, hint: hint)
        }
    }

    /// Kept out of line: the product's entries never take this path, and inlined into their
    /// makers it made them too large to be inlined in turn.
    @inline(never)
    private init(spelled id: String, hint: Int?) {
        self.init(code: Self.spelledFlag | UInt64(truncatingIfNeeded: EntryIDSpellings.index(of: id)), hint: hint)
    }

    /// The same id with another hint.
    @inline(__always)
    func with(hint: Int?) -> EntryKey { EntryKey(code: code, hint: hint) }

    /// The id's code: equal codes are equal ids.
    @inlinable
    var code: UInt64 { bits >> 16 }

    /// The number of the id `e<number>`, or `nil` for an id kept by its spelling.
    @inlinable
    var number: Int? {
        let code = code
        return code & Self.spelledFlag == 0 ? Int(truncatingIfNeeded: code) : nil
    }

    /// The screen's position when the entry was made, if known.
    @inlinable
    var hint: Int? {
        let hint = bits & Self.noHint
        return hint == Self.noHint ? nil : Int(truncatingIfNeeded: hint)
    }

    /// The id's text.
    var id: String {
        if let number { return Self.text(number: number) }
        return EntryIDSpellings.id(at: Int(truncatingIfNeeded: code & ~Self.spelledFlag))
    }

    /// Whether the id is spelled `id`, without keeping `id` aside.
    func isSpelled(_ id: String) -> Bool {
        if let own = number { return Self.number(spelledBy: id) == own }
        return self.id.utf8.elementsEqual(id.utf8)
    }

    /// The number `id` spells as `e<number>` (ASCII digits, no leading zero, below
    /// ``numberLimit``), or `nil`.
    static func number(spelledBy id: String) -> Int? {
        var id = id
        return id.withUTF8 { utf8 -> Int? in
            // 15 digits hold every number below the limit.
            guard utf8.count >= 2, utf8.count <= 16, utf8[0] == UInt8(ascii: "e") else { return nil }
            if utf8[1] == UInt8(ascii: "0") { return utf8.count == 2 ? 0 : nil }
            var number = 0
            for byte in utf8[1...] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                number = number * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return number < numberLimit ? number : nil
        }
    }

    /// `e<number>`, written digit by digit into the string's own bytes: up to 14 digits it is a
    /// small string, made without the allocation and the concatenation that `"e" + String(number)`
    /// costs.
    static func text(number: Int) -> String {
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
}
