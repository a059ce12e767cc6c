import Testing

@testable import LinkRouter

/// Short runs are copied whole and nothing past them, and read into one word with every byte.
@Suite struct ShortBytesTests {
    @Test func copiesEveryLengthExactly() {
        let source = (0..<40).map { UInt8($0 + 1) }
        for count in 0...source.count {
            var target = [UInt8](repeating: 0xEE, count: source.count + 8)
            source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    guard let from = from.baseAddress, let to = to.baseAddress else { return }
                    ShortBytes.copy(from: from, to: to + 4, count: count)
                }
            }
            #expect(Array(target[4..<4 + count]) == Array(source[0..<count]), "\(count)")
            #expect(target[0..<4].allSatisfy { $0 == 0xEE } && target[(4 + count)...].allSatisfy { $0 == 0xEE })
        }
    }

    /// Mid-sized runs (16 to 32 bytes by two moves that overlap) and any others alike.
    @Test func copiesEveryMidLengthExactly() {
        let source = (0..<48).map { UInt8($0 + 1) }
        for count in 0...source.count {
            var target = [UInt8](repeating: 0xEE, count: source.count + 8)
            source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    guard let from = from.baseAddress, let to = to.baseAddress else { return }
                    ShortBytes.copyMid(from: from, to: to + 4, count: count)
                }
            }
            #expect(Array(target[4..<4 + count]) == Array(source[0..<count]), "\(count)")
            #expect(target[0..<4].allSatisfy { $0 == 0xEE } && target[(4 + count)...].allSatisfy { $0 == 0xEE })
        }
    }

    @Test func aShortRunsWordHoldsItsBytesAndSpaces() {
        for count in 0..<8 {
            let run = (0..<count).map { UInt8(0x41 + $0) }
            // One byte more than the run, so that even an empty run has an address.
            let read = (run + [0]).withUnsafeBufferPointer { run in
                run.baseAddress.map { ShortBytes.word(of: $0, count: count) }
            }
            guard let word = read else {
                Issue.record("no address")
                return
            }
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
            #expect(Set(bytes).subtracting([0x20]) == Set(run), "\(count)")
            #expect(count >= 4 || bytes[4...].allSatisfy { $0 == 0x20 })
        }
    }
}
