extension HTTPResponse {
    /// A JSON error answer, `{"error":{"code":"…","message":"…","detail":{}}}` with
    /// `Content-Type: application/json`, in the shape the rest of the API uses (SPEC §5: every error
    /// carries `code`, `message` and `detail`).
    /// `detail` holds whole numbers only (the limits the server checks), in the order given.
    static func jsonError(
        status: Int,
        code: String,
        message: String,
        detail: KeyValuePairs<String, Int> = [:]
    ) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(52 + code.utf8.count + message.utf8.count)
        body.append(contentsOf: #"{"error":{"code":"#.utf8)
        appendJSONString(code, to: &body)
        body.append(contentsOf: #","message":"#.utf8)
        appendJSONString(message, to: &body)
        body.append(contentsOf: #","detail":{"#.utf8)
        for (index, (key, value)) in detail.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            appendJSONString(key, to: &body)
            body.append(UInt8(ascii: ":"))
            body.append(contentsOf: String(value).utf8)
        }
        body.append(contentsOf: #"}}}"#.utf8)
        return HTTPResponse(
            status: status,
            headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]),
            body: body
        )
    }

    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes and control characters.
    private static func appendJSONString(_ text: String, to body: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        body.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                body.append(UInt8(ascii: "\\"))
                body.append(byte)
            case 0..<0x20:
                body.append(contentsOf: #"\u00"#.utf8)
                body.append(hex[Int(byte >> 4)])
                body.append(hex[Int(byte & 0xF)])
            default:
                body.append(byte)
            }
        }
        body.append(UInt8(ascii: "\""))
    }
}
