extension String {
    /// Whether both hold the same UTF-8 bytes. `==` is looser: canonically equivalent strings
    /// (`é` and `e` + U+0301) are equal, though they are written differently.
    @inline(__always)
    package func hasSameUTF8(as other: String) -> Bool {
        let mine = utf8.span
        let theirs = other.utf8.span
        guard mine.count == theirs.count else { return false }
        for index in mine.indices where mine[index] != theirs[index] { return false }
        return true
    }
}
