/// A few lowercase keys (schemes, hosts) packed into one byte array, looked up
/// case-insensitively without building strings or copying arrays.
struct ByteKeys: Sendable {
    private let bytes: [UInt8]
    /// `offsets[i]..<offsets[i + 1]` is key `i`.
    private let offsets: [Int]
    /// Bit `i` (keys below 64): key `i` is a plain host name, only `a-z 0-9 . -` and no trailing
    /// dot, which the authority parser would return unchanged (see ``plainHost(in:at:)``).
    private let plainHosts: UInt64

    init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var offsets = [0]
        var plainHosts: UInt64 = 0
        for (i, key) in keys.enumerated() {
            bytes += key.utf8
            offsets.append(bytes.count)
            let plain =
                key.utf8.last.map { $0 != 0x2E } == true
                && key.utf8.allSatisfy { $0 &- 0x61 < 26 || ByteParsing.isDigit($0) || $0 == 0x2E || $0 == 0x2D }
            if plain && i < 64 { plainHosts |= 1 << UInt64(i) }
        }
        self.bytes = bytes
        self.offsets = offsets
        self.plainHosts = plainHosts
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

    /// The first plain key (see ``plainHosts``) written exactly at `start` in `raw` and followed by
    /// the end of the authority (`/`, `?`, `#` or the end): its index and where the authority ends.
    ///
    /// A web URL's authority is almost always the pinned host in lowercase: comparing it with the
    /// keys as words settles the host without classifying its bytes one by one. Every byte of a
    /// plain key is one the authority parser accepts, and a plain key has no port and no trailing
    /// dot, so the parser would return the same host; `nil` sends the caller to the parser.
    @inline(__always)
    func plainHost(in raw: UnsafeBufferPointer<UInt8>, at start: Int) -> (index: Int, end: Int)? {
        guard plainHosts != 0, let base = raw.baseAddress else { return nil }
        return bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                guard let keys = bytes.baseAddress else { return nil }
                var mask = plainHosts
                while mask != 0 {
                    let i = mask.trailingZeroBitCount
                    mask &= mask &- 1
                    let length = offsets[i + 1] - offsets[i]
                    let end = start + length
                    guard end <= raw.count, Self.equal(base + start, keys + offsets[i], length) else { continue }
                    if end == raw.count { return (i, end) }
                    let next = raw[end]
                    if next == 0x2F || next == 0x3F || next == 0x23 { return (i, end) }
                }
                return nil
            }
        }
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
