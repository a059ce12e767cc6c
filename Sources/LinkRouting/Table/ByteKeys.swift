/// A few lowercase keys (schemes, hosts) packed into one byte array, looked up
/// case-insensitively without building strings or copying arrays.
struct ByteKeys: Sendable {
    private let bytes: [UInt8]
    /// `offsets[i]..<offsets[i + 1]` is key `i`.
    private let offsets: [Int]

    init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var offsets = [0]
        for key in keys {
            bytes += key.utf8
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    /// Whether `count` bytes at `a` and `b` are equal: eight at a time (the last word overlapping
    /// the one before it), shorter keys byte by byte.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8 else {
            for i in 0..<count where a[i] != b[i] { return false }
            return true
        }
        func word(_ p: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
            UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self)
        }
        var i = 0
        while i + 8 < count {
            if word(a, i) != word(b, i) { return false }
            i += 8
        }
        return word(a, count - 8) == word(b, count - 8)
    }

    /// The index of the key equal to `candidate` with ASCII letters folded to lowercase.
    func index(of candidate: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                guard let base = candidate.baseAddress, let keys = bytes.baseAddress else { return nil }
                for i in 0..<(offsets.count - 1) where offsets[i + 1] - offsets[i] == candidate.count {
                    // Links are almost always lowercase already: an exact compare settles most lookups.
                    if Self.equal(base, keys + offsets[i], candidate.count) { return i }
                    let key = UnsafeBufferPointer(rebasing: bytes[offsets[i]..<offsets[i + 1]])
                    var equal = true
                    for j in 0..<candidate.count {
                        let b = candidate[j]
                        if (b &- 0x41 < 26 ? b | 0x20 : b) != key[j] {
                            equal = false
                            break
                        }
                    }
                    if equal { return i }
                }
                return nil
            }
        }
    }
}
