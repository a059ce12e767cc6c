extension AccessLog {
    /// Writes a line into memory with room for all of it (its caller's count of the worst case).
    ///
    /// Lifetime: `start` is a temporary allocation of the caller's, and a writer is used only
    /// inside the closure that lends it; nothing is checked against its end, so the caller sizes
    /// it for the longest line it can write.
    struct LineWriter {
        private let start: UnsafeMutablePointer<UInt8>
        private(set) var count = 0

        init(_ start: UnsafeMutablePointer<UInt8>) { self.start = start }

        mutating func append(_ byte: UInt8) {
            start[count] = byte
            count += 1
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            (start + count).update(from: base, count: bytes.count)
            count += bytes.count
        }

        /// Printable ASCII as it is, every other byte as `%XX`.
        mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
            let hex: StaticString = "0123456789ABCDEF"
            for byte in bytes {
                if byte > 0x20 && byte < 0x7F {
                    append(byte)
                } else {
                    append(UInt8(ascii: "%"))
                    append(hex.utf8Start[Int(byte >> 4)])
                    append(hex.utf8Start[Int(byte & 0x0F)])
                }
            }
        }

        /// `value` in decimal, `-` first when negative (the JSON writer's digits).
        mutating func appendDecimal(_ value: Int) {
            JSONNumberText.withDecimal(value, afterComma: false) { append($0) }
        }
    }
}
