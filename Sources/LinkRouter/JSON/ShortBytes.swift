internal import LinkRouting

/// Moves and reads of the short byte runs a JSON answer is made of (keys, ids, names, values of a
/// few bytes), with a few word loads and stores in place of a call to `memcpy`, which costs more
/// than the copy itself at these sizes.
enum ShortBytes {
    /// Copies `count` bytes from `source` to `target`; the two runs must not overlap. Up to 16
    /// bytes by word moves (``ByteWords``), longer runs as they are.
    @inline(__always)
    static func copy(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count <= 16 else {
            target.initialize(from: source, count: count)
            return
        }
        ByteWords.copy(from: source, to: target, count: count)
    }

    /// Copies `count` bytes from `source` to `target`, for a run that is most often of 16 to 32
    /// bytes (an entry's `"screen":"NAME","params":`): those by two moves of 16 bytes, any other
    /// as it is. The two runs must not overlap.
    @inline(__always)
    static func copyMid(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count >= 16, count <= 32 else {
            target.initialize(from: source, count: count)
            return
        }
        // The first sixteen bytes and the last sixteen, which overlap for fewer than 32: both
        // moves lie within the `count` bytes of the source and of the target.
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        let head = from.loadUnaligned(as: SIMD16<UInt8>.self)
        let tail = from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self)
        to.storeBytes(of: head, as: SIMD16<UInt8>.self)
        to.storeBytes(of: tail, toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
    }

    /// The bytes of a run shorter than eight bytes in one word, the rest of it spaces (which no
    /// JSON string escapes); bytes of the run may appear twice. For ``JSONByteScan``'s tests.
    @inline(__always)
    static func word(of source: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let from = UnsafeRawPointer(source)
        let spaces: UInt64 = 0x2020_2020_2020_2020
        if count >= 4 {
            let head = UInt64(from.loadUnaligned(as: UInt32.self))
            let tail = UInt64(from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return head | tail << 32
        }
        if count >= 2 {
            let head = UInt64(from.loadUnaligned(as: UInt16.self))
            let tail = UInt64(from.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self))
            return head | tail << 16 | spaces << 32
        }
        if count == 1 { return UInt64(source.pointee) | spaces << 8 }
        return spaces
    }
}
