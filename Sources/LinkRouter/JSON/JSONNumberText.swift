/// Number text for the JSON writer and the metrics exposition, written straight into a byte buffer.
enum JSONNumberText {
    /// Appends `value` in decimal, with a leading `-` when negative (`Int.min` included), after a
    /// comma when `afterComma` is set.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8], afterComma: Bool = false) {
        withDecimal(value, afterComma: afterComma) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal, after a comma when `afterComma` is set.
    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8], afterComma: Bool = false) {
        withDecimal(value, afterComma: afterComma) { bytes.append(contentsOf: $0) }
    }

    /// Lends `body` the decimal text of `value` (a leading `-` when negative, `Int.min` included),
    /// after a comma when `afterComma` is set.
    @inline(__always)
    static func withDecimal(_ value: Int, afterComma: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withDecimal(UInt64(value.magnitude), negative: value < 0, afterComma: afterComma, body)
    }

    /// Lends `body` the decimal text of `value`, after a comma when `afterComma` is set.
    @inline(__always)
    static func withDecimal(_ value: UInt64, afterComma: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withDecimal(value, negative: false, afterComma: afterComma, body)
    }

    /// Builds the text backwards on the stack (20 digits for `UInt64.max`, a sign, a comma).
    @inline(__always)
    private static func withDecimal(
        _ magnitude: UInt64,
        negative: Bool,
        afterComma: Bool,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22) { text in
            var rest = magnitude
            var position = 22
            repeat {
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                position &-= 1
                text[position] = JSONByte.zero &+ UInt8(truncatingIfNeeded: remainder)
                rest = quotient
            } while rest != 0
            if negative {
                position &-= 1
                text[position] = JSONByte.minus
            }
            if afterComma {
                position &-= 1
                text[position] = JSONByte.comma
            }
            body(UnsafeBufferPointer(rebasing: text[position..<22]))
        }
    }

    /// Appends the shortest decimal text that reads back as exactly `value`, which must be finite.
    ///
    /// This is the standard library's own algorithm (the one behind `description`): `0.1`, `-0.0`,
    /// `1e-300`, `1.7976931348623157e+308`, `5e-324`, `1.0`, `1e+16`. Every such text is a valid
    /// JSON number. The digits arrive through `TextOutputStream._writeASCII`, so no `String` is
    /// made; were that hook ever skipped, `write(_:)` below still gives the same bytes.
    static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
        precondition(value.isFinite, "JSON has no text for a non-finite number")
        var sink = ByteSink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    /// Appends `nanoseconds` as a decimal number of seconds, exactly: `1.5`, `0.000125`, `0`.
    static func appendSeconds(nanoseconds: Int, to bytes: inout [UInt8]) {
        if nanoseconds < 0 { bytes.append(JSONByte.minus) }
        let (seconds, fraction) = UInt64(nanoseconds.magnitude).quotientAndRemainder(dividingBy: 1_000_000_000)
        appendDecimal(seconds, to: &bytes)
        guard fraction != 0 else { return }
        bytes.append(JSONByte.dot)
        var digits = fraction
        var divisor: UInt64 = 100_000_000
        while digits != 0 {
            let (digit, rest) = digits.quotientAndRemainder(dividingBy: divisor)
            bytes.append(JSONByte.zero &+ UInt8(truncatingIfNeeded: digit))
            digits = rest
            divisor /= 10
        }
    }
}

/// Receives the digits of a `Double` from the standard library without building a `String`.
private struct ByteSink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
