/// Byte-level checks and conversions: the matcher runs them on decoded URL segments without
/// building strings, so a failed conversion costs no allocation.
extension ParamSpec {
    /// Whether `bytes` (decoded, valid UTF-8) is a value of this spec.
    func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        switch type {
        case .int:
            guard let v = ByteParsing.int64(bytes) else { return false }
            return inRange(v)
        case .uint:
            guard let v = ByteParsing.uint64(bytes) else { return false }
            return inRange(v)
        case .float:
            guard let v = ByteParsing.double(bytes) else { return false }
            return inRange(v)
        case .bool:
            return ByteParsing.bool(bytes) != nil
        case .string, .path:
            return lengthFits(bytes)
        case .slug:
            for b in bytes where !ByteParsing.isSlugByte(b) { return false }
            return lengthFits(bytes)
        case .uuid:
            return ByteParsing.isUUID(bytes)
        case .date:
            return ByteParsing.isDate(bytes)
        case .enum:
            for value in enumBytes where value.count == bytes.count {
                if value.withUnsafeBufferPointer({ ByteParsing.equal($0, bytes) }) { return true }
            }
            return false
        }
    }

    /// Converts `bytes` into a typed value; `nil` when ``accepts(_:)`` would say no.
    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> ParamValue? {
        guard accepts(bytes) else { return nil }
        return converted(bytes)
    }

    /// Converts bytes that ``accepts(_:)`` already took.
    func converted(_ bytes: UnsafeBufferPointer<UInt8>) -> ParamValue? {
        switch type {
        case .int: return ByteParsing.int64(bytes).map { .int($0) }
        case .uint: return ByteParsing.uint64(bytes).map { .uint($0) }
        case .float: return ByteParsing.double(bytes).map { .float($0) }
        case .bool: return ByteParsing.bool(bytes).map { .bool($0) }
        case .uuid: return .string(String(decoding: bytes, as: UTF8.self).lowercased())
        case .string, .slug, .date, .enum, .path: return .string(ByteParsing.text(bytes))
        }
    }

    /// Converts text into a typed value of this spec.
    /// - Throws: ``ParamSpecError`` naming the expected type.
    public func value(parsing text: String) throws(ParamSpecError) -> ParamValue {
        // A span borrows the bytes (a small string's too): no copy of the string.
        let result = text.utf8.span.withUnsafeBufferPointer { value($0) }
        guard let result else { throw ParamSpecError("'\(text)' is not a valid \(self.text)") }
        return result
    }

    /// Checks a typed value against the type and constraints (reverse routing, defaults).
    public func validate(_ value: ParamValue) throws(ParamSpecError) {
        let ok: Bool
        switch (type, value) {
        case (.int, .int(let v)): ok = inRange(v)
        case (.uint, .uint(let v)): ok = inRange(v)
        case (.uint, .int(let v)): ok = v >= 0 && inRange(UInt64(v))
        case (.int, .uint(let v)): ok = v <= UInt64(Int64.max) && inRange(Int64(v))
        case (.float, .float(let v)): ok = v.isFinite && inRange(v)
        case (.float, .int(let v)): ok = inRange(Double(v))
        case (.float, .uint(let v)): ok = inRange(Double(v))
        case (.bool, .bool): ok = true
        case (_, .string(let text)):
            ok = text.utf8.span.withUnsafeBufferPointer { accepts($0) }
        default: ok = false
        }
        guard ok else { throw ParamSpecError("\(value) is not a valid \(self.text)") }
    }

    /// Exact bounds for 64-bit integers (a `Double` comparison would blur values above 2^53).
    private func inRange<I: FixedWidthInteger>(_ v: I) -> Bool {
        if let min, !(I(exactly: min.rounded(.up)).map { v >= $0 } ?? (min < 0)) { return false }
        if let max, !(I(exactly: max.rounded(.down)).map { v <= $0 } ?? (max > 0)) { return false }
        return true
    }

    private func inRange(_ v: Double) -> Bool {
        if let min, v < min { return false }
        if let max, v > max { return false }
        return true
    }

    private func lengthFits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard minLength != nil || maxLength != nil else { return true }
        var scalars = 0
        for b in bytes where b & 0xC0 != 0x80 { scalars += 1 }
        if let minLength, scalars < minLength { return false }
        if let maxLength, scalars > maxLength { return false }
        return true
    }
}
