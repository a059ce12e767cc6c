/// Runs of up to 16 bytes read and moved with a few word loads and stores, in place of a byte loop
/// or a call to `memcpy` (which costs more than the copy at these sizes): the first and the last
/// word of the run, overlapping in the middle, so that no byte outside it is read or written.
@usableFromInline package enum ByteWords {
    /// The `count` bytes at `base` (0 to 16) as two little-endian words, zero-padded: bytes 0 to 7
    /// in `low` (byte 0 lowest), bytes 8 to 15 in `high`. Where two loads overlap, their shared
    /// bytes are equal and OR joins them.
    @inlinable @inline(__always)
    package static func load(_ base: UnsafePointer<UInt8>, count: Int) -> (low: UInt64, high: UInt64) {
        assert(count >= 0 && count <= 16, "ByteWords reads at most 16 bytes")
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            guard count > 8 else { return (low, 0) }
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return (low, tail &>> UInt64((16 &- count) &* 8))
        }
        if count >= 4 {
            let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return (head | tail &<< UInt64((count &- 4) &* 8), 0)
        }
        if count >= 2 {
            let head = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return (head | tail &<< UInt64((count &- 2) &* 8), 0)
        }
        return (count == 1 ? UInt64(base.pointee) : 0, 0)
    }

    /// Bit 7 of each byte lane of `word` set exactly where the byte is `byte`, every other bit
    /// clear: the low seven bits of a lane of `word ^ byte` plus 0x7F carry into bit 7 only for a
    /// lane that is not zero, and no lane carries into the next.
    @inlinable @inline(__always)
    package static func lanes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((x & low) &+ low) | x | low)
    }

    /// Copies `count` bytes (0 to 16) from `source` to `target`; the two runs must not overlap.
    @inlinable @inline(__always)
    package static func copy(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        assert(count >= 0 && count <= 16, "ByteWords copies at most 16 bytes")
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            move(UInt64.self, from, to, count)
        } else if count >= 4 {
            move(UInt32.self, from, to, count)
        } else if count >= 2 {
            move(UInt16.self, from, to, count)
        } else if count == 1 {
            target.initialize(to: source.pointee)
        }
    }

    /// The first and the last `Word` of a run of `count` bytes, `Word`'s size to twice that.
    @inlinable @inline(__always)
    static func move<Word: FixedWidthInteger>(
        _: Word.Type,
        _ from: UnsafeRawPointer,
        _ to: UnsafeMutableRawPointer,
        _ count: Int
    ) {
        let last = count &- MemoryLayout<Word>.size
        let head = from.loadUnaligned(as: Word.self)
        let tail = from.loadUnaligned(fromByteOffset: last, as: Word.self)
        to.storeBytes(of: head, as: Word.self)
        to.storeBytes(of: tail, toByteOffset: last, as: Word.self)
    }
}
