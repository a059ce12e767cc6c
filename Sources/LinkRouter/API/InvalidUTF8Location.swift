internal import LinkRouting

/// Where a bare URL body stops being UTF-8: the byte offset and the URL component it falls in, so
/// the `400 malformed_url` names them like every other malformed URL.
enum InvalidUTF8Location {
    /// `nil` when `bytes` is valid UTF-8.
    static func error(in bytes: ArraySlice<UInt8>) -> MalformedURLError? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error:
                return MalformedURLError(
                    component: component(at: offset, in: Array(bytes)),
                    reason: .invalidUTF8,
                    offset: offset
                )
            }
        }
    }

    /// The component holding byte `offset`: the scheme before the first `:`, the host between `//`
    /// and the next `/`, `?` or `#`, the query after the first `?`, else the path.
    static func component(at offset: Int, in bytes: [UInt8]) -> MalformedURLError.Component {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), offset > colon else { return .scheme }
        var pathStart = colon + 1
        if bytes[pathStart...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let hostStart = pathStart + 2
            let hostEnd =
                bytes[hostStart...].firstIndex {
                    $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
                }
                ?? bytes.count
            if offset < hostEnd { return .host }
            pathStart = hostEnd
        }
        if let question = bytes[pathStart...].firstIndex(of: UInt8(ascii: "?")), offset > question { return .query }
        return .path
    }
}
