/// Where one pre-rendered text lies in a row (``ScreenRow``, ``RouteRow``), from the row's start:
/// a comma, then the text.
struct TextSpan {
    let offset: UInt32
    let count: UInt32

    /// The text in the row at `base`, as a key: valid while the row is.
    @inline(__always)
    func key(in base: UnsafeRawPointer) -> HeldKey {
        HeldKey(
            lending: UnsafeBufferPointer(
                start: (base + Int(offset)).assumingMemoryBound(to: UInt8.self),
                count: Int(count)
            )
        )
    }

    /// Memory for a row: `fixed` bytes for its caller's header and tables, left uninitialised,
    /// then `texts` one after the other; and where each text lies. Aligned to a line, so that a
    /// row of a few hundred bytes spans as few lines as it can. The caller owns the memory.
    static func allocateRow(fixed: Int, texts: [PreRenderedTokens]) -> (UnsafeMutableRawPointer, [TextSpan]) {
        let bytes = texts.map { $0.withText(comma: true) { Array($0) } }
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: fixed + bytes.reduce(0) { $0 + $1.count },
            alignment: 64
        )
        var spans: [TextSpan] = []
        var offset = fixed
        for text in bytes {
            spans.append(TextSpan(offset: UInt32(offset), count: UInt32(text.count)))
            (memory + offset).initializeMemory(as: UInt8.self, from: text, count: text.count)
            offset += text.count
        }
        return (memory, spans)
    }
}
