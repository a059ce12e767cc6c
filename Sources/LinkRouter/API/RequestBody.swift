internal import LinkNavigation
internal import LinkRouterHTTP
internal import LinkRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading request bodies: JSON objects with a bounded depth, typed fields, clear 400s.
struct RequestBody {
    let object: JSONObject

    /// The body as a JSON object; an empty body is `{}`. JSON is read whatever the content type
    /// says when it looks like JSON (curl's `-d` sends form encoding); other media types are 415.
    /// Borrowed: an initializer's argument is otherwise its own, a copy of the whole request (a
    /// retain and a release of each of its parts).
    init(_ request: borrowing HTTPRequest) throws(APIError) {
        guard !request.body.isEmpty else {
            object = JSONObject()
            return
        }
        // Read from the field's bytes: the value is made a string only for the refusal.
        if request.headers.contentType(satisfies: { !Self.acceptsJSON(contentType: $0) }) == true {
            throw APIError(
                415,
                "unsupported_media_type",
                "send the body as application/json",
                detail: ["content_type": .string(request.headers["content-type"] ?? "")]
            )
        }
        let value: JSONValue
        do {
            value = try JSONParser().parse(request.body)
        } catch {
            throw .badRequest("the body is not valid JSON: \(error.message)", detail: ["offset": .int(error.offset)])
        }
        guard case .object(let object) = value else { throw .badRequest("the body must be a JSON object") }
        self.object = object
    }

    init(object: JSONObject) { self.object = object }

    /// ``acceptsJSON(_:)`` for a `Content-Type` value's bytes, as ``carriesBareURL(contentType:)``
    /// reads them (see ``withMediaType(_:_:)``). `+json` is a suffix of bytes, which it is as text
    /// too unless a character beyond ASCII comes right before it: a "prepend" one (U+0600, say)
    /// joins the `+` into one character, so such a type is read as text, by ``acceptsJSON(_:)``.
    static func acceptsJSON(contentType bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isApplicationJSON(bytes) { return true }
        var textDecides = false
        let accepted = withMediaType(bytes) { type in
            if isBareURLType(type) || type.equals("application/json") { return true }
            guard type.count >= 5, UnsafeBufferPointer(rebasing: type[(type.count - 5)...]).equals("+json") else {
                return false
            }
            textDecides = type.count > 5 && type[type.count - 6] >= 0x80
            return true
        }
        return textDecides ? acceptsJSON(String(decoding: bytes, as: UTF8.self)) : accepted
    }

    static func acceptsJSON(_ contentType: String) -> Bool {
        let type = mediaType(contentType)
        return type == "application/json" || type.hasSuffix("+json") || type == "text/plain"
            || type == "application/x-www-form-urlencoded" || type.isEmpty
    }

    /// `type/subtype` lowercased, without parameters.
    static func mediaType(_ contentType: String) -> String {
        // Most clients send a bare lowercase type: nothing to strip or fold.
        // Over a borrowed span: the string's UTF-8 view iterates a byte at a time through its
        // general index, several times slower.
        let bytes = contentType.utf8.span
        var needsWork = false
        for index in bytes.indices {
            let byte = bytes[unchecked: index]
            if byte == 0x3B || byte == 0x20 || byte == 0x09 || (byte >= 0x41 && byte <= 0x5A) {
                needsWork = true
                break
            }
        }
        guard needsWork else { return contentType }
        let bare = contentType.utf8.firstIndex(of: UInt8(ascii: ";")).map { String(contentType[..<$0]) } ?? contentType
        return String(decoding: bare.lowercased().utf8.filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)
    }

    /// Whether a body sent with this `Content-Type` value (its bytes) may be a bare URL: its media
    /// type, as ``mediaType(_:)`` gives it, is empty, `text/plain` or
    /// `application/x-www-form-urlencoded`. Read as bytes, without making strings: parameters
    /// from the first `;` are dropped, spaces and tabs skipped, ASCII capitals lowered. A value with
    /// other bytes beyond ASCII never matches, as it never does as text (no lowercase mapping or
    /// canonical equivalent of a non-ASCII character is one of these types' letters).
    static func carriesBareURL(contentType bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The value most clients send, compared whole in two loads: as it is, it needs no folding.
        if bytes.count == 10, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            if raw.loadUnaligned(as: UInt64.self) == Self.textPla
                && raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == Self.textIn
            {
                return true
            }
        }
        if isApplicationJSON(bytes) { return false }
        return withMediaType(bytes) { isBareURLType($0) }
    }

    /// Whether the value is exactly `application/json`, the other value most clients send,
    /// compared whole in two loads (it needs no folding either).
    private static func isApplicationJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 16, let base = bytes.baseAddress else { return false }
        let json: StaticString = "application/json"
        let raw = UnsafeRawPointer(base)
        let expected = UnsafeRawPointer(json.utf8Start)
        return raw.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self)
            && raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                == expected.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }

    /// Calls `body` with the media type of a `Content-Type` value's bytes: parameters from the
    /// first `;` dropped, spaces and tabs skipped, ASCII capitals lowered; in place when there is
    /// nothing to skip or lower (most clients send a bare lowercase type), else a copy on the
    /// stack. Bytes beyond ASCII stay as they are: the types compared with are ASCII, and no
    /// character beyond ASCII lowers to, or is canonically, one of their letters.
    private static func withMediaType<R>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        // One pass to the first `;`, noting whether anything needs skipping or lowering.
        var end = 0
        var isBare = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ";") { break }
            if byte == 0x20 || byte == 0x09 || (byte &- 0x41) < 26 { isBare = false }
            end &+= 1
        }
        let type = UnsafeBufferPointer(rebasing: bytes[..<end])
        guard !isBare else { return body(type) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: type.count) { room in
            var count = 0
            for byte in type where byte != 0x20 && byte != 0x09 {
                room[count] = (byte &- 0x41) < 26 ? byte | 0x20 : byte
                count &+= 1
            }
            return body(UnsafeBufferPointer(rebasing: room[..<count]))
        }
    }

    /// `text/pla` and `in` as the words a little-endian load reads from them (on a big-endian host
    /// they never match, and the general path below decides).
    private static var textPla: UInt64 { 0x616C_702F_7478_6574 }
    private static var textIn: UInt16 { 0x6E69 }

    /// Whether a media type (already without parameters, spaces and capitals) may carry a bare URL.
    private static func isBareURLType(_ type: UnsafeBufferPointer<UInt8>) -> Bool {
        type.isEmpty || type.equals("text/plain") || type.equals("application/x-www-form-urlencoded")
    }

    /// Rejects members other than `allowed`.
    func only(_ allowed: [String]) throws(APIError) {
        // The members read where they are: `keys` would be an array made for the walk.
        let members = object.members
        for index in members.indices where !allowed.contains(members[index].key) {
            let key = members[index].key
            throw .badRequest(
                "unknown field '\(key)'",
                detail: ["field": .string(key), "allowed": .array(allowed.map { .string($0) })]
            )
        }
    }

    func string(_ key: String) throws(APIError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .badRequest("'\(key)' must be a string", detail: ["field": .string(key)])
        }
    }

    func requiredString(_ key: String) throws(APIError) -> String {
        guard let text = try string(key), !text.isEmpty else {
            throw .badRequest("'\(key)' is required", detail: ["field": .string(key)])
        }
        return text
    }

    func int(_ key: String) throws(APIError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .int(let value)?: return value
        default: throw .badRequest("'\(key)' must be an integer", detail: ["field": .string(key)])
        }
    }

    func strings(_ key: String) throws(APIError) -> [String]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            var out: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    throw .badRequest("'\(key)' must be a list of strings", detail: ["field": .string(key)])
                }
                out.append(text)
            }
            return out
        default: throw .badRequest("'\(key)' must be a list of strings", detail: ["field": .string(key)])
        }
    }

    func objectValue(_ key: String) throws(APIError) -> JSONObject? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let inner)?: return inner
        default: throw .badRequest("'\(key)' must be an object", detail: ["field": .string(key)])
        }
    }

    func strategy() throws(APIError) -> Strategy? {
        guard let text = try string("strategy") else { return nil }
        guard let strategy = Strategy(rawValue: text) else {
            throw .badRequest(
                "unknown strategy '\(text)'",
                detail: [
                    "field": .string("strategy"), "allowed": .array(Strategy.allCases.map { .string($0.rawValue) }),
                ]
            )
        }
        return strategy
    }

    /// Session attributes: strings, numbers and booleans; `null` only where `allowNull` (removal).
    static func attributes(_ object: JSONObject, allowNull: Bool) throws(APIError) -> [(String, AttributeValue?)] {
        var out: [(String, AttributeValue?)] = []
        for member in object {
            switch member.value {
            case .string(let text): out.append((member.key, .string(text)))
            case .bool(let flag): out.append((member.key, .bool(flag)))
            case .int(let number): out.append((member.key, .number(Double(number))))
            case .double(let number): out.append((member.key, .number(number)))
            case .null where allowNull: out.append((member.key, nil))
            default:
                throw .badRequest(
                    "attribute '\(member.key)' must be a string, number or boolean"
                        + (allowNull ? " (or null to remove it)" : ""),
                    detail: ["attribute": .string(member.key)]
                )
            }
        }
        return out
    }

    /// Route or screen params from JSON: numbers, strings, booleans, arrays of them, null.
    static func params(_ object: JSONObject) throws(APIError) -> [String: ParamValue] {
        var out: [String: ParamValue] = [:]
        for member in object { out[member.key] = try paramValue(member.value, member.key) }
        return out
    }

    private static func paramValue(_ value: JSONValue, _ name: String) throws(APIError) -> ParamValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(Int64(number))
        case .double(let number): return .float(number)
        case .string(let text): return .string(text)
        case .array(let items):
            var values: [ParamValue] = []
            for item in items {
                if case .array = item { throw .badRequest("param '\(name)' nests arrays") }
                values.append(try paramValue(item, name))
            }
            return .array(values)
        case .object: throw .badRequest("param '\(name)' must not be an object", detail: ["param": .string(name)])
        }
    }
}

extension HTTPRequest {
    /// Headers as the navigator takes them: names lowercased (ASCII), the last of a repeated name wins.
    var headerDictionary: [String: String] {
        var out: [String: String] = [:]
        for field in headers { out[Self.asciiLowercased(field.name)] = field.value }
        return out
    }

    /// `name` with ASCII letters lowercased; returned as it is when it has no uppercase letter.
    static func asciiLowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
