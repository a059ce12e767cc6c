extension String {
    /// Whether both hold the same UTF-8 bytes. `==` is looser: canonically equivalent strings
    /// (`é` and `e` + U+0301) are equal, though they are written differently.
    @inline(__always)
    package func hasSameUTF8(as other: String) -> Bool {
        // One representation (copies of one string, or equal small strings): the same bytes, seen
        // in two words. `String` is a frozen two-word struct on 64-bit platforms; equal bits are one
        // value whatever their encoding, and unequal ones go on to the byte comparison.
        if MemoryLayout<String>.size == 16,
            unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self)
        {
            return true
        }
        let mine = utf8.span
        let theirs = other.utf8.span
        guard mine.count == theirs.count else { return false }
        for index in mine.indices where mine[index] != theirs[index] { return false }
        return true
    }
}
