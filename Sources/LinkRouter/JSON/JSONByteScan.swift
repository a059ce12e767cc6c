/// Eight-bytes-at-a-time tests (SWAR) that let the writer and the parser skip plain ASCII runs.
///
/// Each test is exact about "none": when it returns `true`, no byte of the word is of the kind
/// tested. It may say "some" for a word where a byte above a matching one only looks like a
/// match (borrow propagation); callers then look at the bytes one by one, so that costs time only.
enum JSONByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that may be zero.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// Whether the eight bytes `word` holds are ASCII that a JSON string may carry as they are:
    /// no control, `"`, `\` or DEL, and nothing of 0x80 or more.
    @inline(__always)
    static func isPlainForWriter(_ word: UInt64) -> Bool {
        let controls = (word &- ones &* 0x20) & ~word & highBits
        let quotes = zeroBytes(word ^ (ones &* 0x22))
        let backslashes = zeroBytes(word ^ (ones &* 0x5C))
        let deletes = zeroBytes(word ^ (ones &* 0x7F))
        return (controls | quotes | backslashes | deletes | (word & highBits)) == 0
    }

    /// Whether the eight bytes `word` holds are ASCII that need no attention inside a string being
    /// parsed: no control, `"` or `\`, and nothing of 0x80 or more (which needs UTF-8 validation).
    @inline(__always)
    static func isPlainForParser(_ word: UInt64) -> Bool {
        let controls = (word &- ones &* 0x20) & ~word & highBits
        let quotes = zeroBytes(word ^ (ones &* 0x22))
        let backslashes = zeroBytes(word ^ (ones &* 0x5C))
        return (controls | quotes | backslashes | (word & highBits)) == 0
    }
}
