extension StackEntry {
    /// The id of the entry numbered `number`: `e<number>`. The first ids are made once and read
    /// from a table: a session's counter stays small, and a lookup skips the UTF-8 check that
    /// making a string from its bytes does each time (each id is a small string: its copy
    /// allocates nothing and makes no atomic operation).
    package static func id(number: Int) -> String {
        if number >= 0 && number < tabledIDs.count { return tabledIDs[number] }
        return madeID(number: number)
    }

    /// The ids of the entries numbered 0 to 1,023.
    private static let tabledIDs: [String] = (0..<1024).map(madeID(number:))

    /// `e<number>` written digit by digit into the string's own bytes: up to 14 digits it is a
    /// small string, made without the allocation and the concatenation that `"e" + String(number)` costs.
    private static func madeID(number: Int) -> String {
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
