/// Numbers: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, nothing else.
extension JSONScanner {
    /// Parses the number starting at `index` (a `-` or a digit).
    ///
    /// An integer that fits `Int` is accumulated digit by digit; anything else is handed, once
    /// its syntax is checked, to the standard library's correctly rounded `Double` parser.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }

        let digitsStart = index
        guard !isAtEnd, Self.isDigit(input[index]) else { throw JSONParseError(.invalidNumber, at: index) }
        var magnitude: UInt64 = 0
        var overflow = false
        while !isAtEnd, Self.isDigit(input[index]) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(input[index] - UInt8(ascii: "0")))
            magnitude = sum
            overflow = overflow || overflow1 || overflow2
            index += 1
        }
        if input[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 {
            throw JSONParseError(.leadingZero, at: digitsStart)
        }

        var isInteger = true
        if !isAtEnd, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try skipDigits()
        }
        if !isAtEnd, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if !isAtEnd, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
            try skipDigits()
        }

        if isInteger, !overflow {
            if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
            if negative, magnitude <= UInt64(Int.max) + 1 { return .int(Int(truncatingIfNeeded: 0 &- magnitude)) }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONParseError(.numberOutOfRange, at: start) }
        return .double(value)
    }

    /// One or more digits (after `.` or the exponent marker); their absence, even at the end of
    /// the input, makes the number invalid.
    private mutating func skipDigits() throws(JSONParseError) {
        guard !isAtEnd, Self.isDigit(input[index]) else { throw JSONParseError(.invalidNumber, at: index) }
        repeat { index += 1 } while !isAtEnd && Self.isDigit(input[index])
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
