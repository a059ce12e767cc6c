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

    /// The high bit of each byte of `word` that a JSON string may not carry as it is (a control,
    /// `"`, `\` or DEL), for a word whose bytes are all ASCII: then no add carries from one byte
    /// into the next, and the answer is exact for each byte. (A byte of 0x80 or more carries only
    /// into the bytes above it.)
    @inline(__always)
    static func escapesInASCII(_ word: UInt64) -> UInt64 {
        let plain =
            (word &+ ones &* 0x60) & ((word ^ (ones &* 0x22)) &+ ones &* 0x7F)
            & ((word ^ (ones &* 0x5C)) &+ ones &* 0x7F)
        return (~plain | (word &+ ones)) & highBits
    }

    /// ``isPlainForWriter(_:)`` over a run of words, each folded in with a few adds and logic
    /// operations and the run tested once at the end. Exact both ways: with every byte ASCII (else
    /// `isPlain` is `false` anyway), no add carries from one byte into the next.
    struct WriterScan {
        /// The high bit of each byte and of each byte plus one: set for anything of 0x80 or more, and
        /// for DEL.
        private var any: UInt64 = 0
        /// The high bit of each byte plus 0x60 (clear for a control), and of each byte's distance
        /// from `"` and from `\` plus 0x7F (clear for that character): all stay set for plain text.
        private var all: UInt64 = highBits

        @inline(__always)
        mutating func add(_ word: UInt64) {
            any |= word | (word &+ ones)
            let controls = word &+ ones &* 0x60
            let quotes = (word ^ (ones &* 0x22)) &+ ones &* 0x7F
            let backslashes = (word ^ (ones &* 0x5C)) &+ ones &* 0x7F
            all &= controls & quotes & backslashes
        }

        /// Whether every byte added is ASCII that a JSON string may carry as it is.
        @inline(__always)
        var isPlain: Bool { (any | ~all) & highBits == 0 }
    }
}
