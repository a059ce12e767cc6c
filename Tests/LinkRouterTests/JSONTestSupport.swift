import Foundation
import LinkRouter
import PropertyBased

/// Foundation as the reference JSON implementation (tests only: the server never uses it).
enum FoundationJSON {
    static func parse(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    }

    /// A one-member object of strings, read by JSONDecoder (which keeps every scalar as it is).
    static func decodeStringPair(_ bytes: [UInt8]) throws -> (key: String, value: String)? {
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(bytes))
        return decoded.count == 1 ? decoded.first : nil
    }

    /// Where Foundation's reading of a document (`any`) differs from `value`, or `nil` when it
    /// is the same JSON.
    ///
    /// Numbers compare by value (Foundation does not keep `1` and `1.0` apart reliably), booleans
    /// only with booleans, strings by their exact UTF-8 bytes, objects regardless of member order.
    static func difference(_ any: Any, _ value: JSONValue, at path: String = "$") -> String? {
        let mismatch = path + ": Foundation read \(any), expected \(value)"
        switch value {
        case .null:
            return any is NSNull ? nil : mismatch
        case .bool(let bool):
            guard let number = any as? NSNumber, isBoolean(number), number.boolValue == bool else { return mismatch }
            return nil
        case .int(let int):
            guard let number = any as? NSNumber, !isBoolean(number), number.int64Value == Int64(int) else {
                return mismatch
            }
            return nil
        case .double(let double):
            // Foundation reads large exponents into an NSDecimalNumber whose `doubleValue` is not
            // correctly rounded; its exact decimal text is.
            guard let number = any as? NSNumber, !isBoolean(number),
                number.doubleValue == double || Double(number.stringValue) == double
            else { return mismatch }
            return nil
        case .string(let string):
            guard let other = any as? String else { return mismatch }
            return Array(withoutBOM(other).utf8) == Array(withoutBOM(string).utf8) ? nil : mismatch
        case .array(let elements):
            guard let others = any as? [Any], others.count == elements.count else { return mismatch }
            for (index, (other, element)) in zip(others, elements).enumerated() {
                if let difference = difference(other, element, at: path + "[\(index)]") { return difference }
            }
            return nil
        case .object(let object):
            guard let others = any as? [String: Any], others.count == object.count else { return mismatch }
            for member in object {
                guard let other = others[member.key] ?? others[withoutBOM(member.key)] else {
                    return path + ": Foundation lacks key \(member.key)"
                }
                if let difference = difference(other, member.value, at: path + "." + member.key.debugDescription) {
                    return difference
                }
            }
            return nil
        }
    }

    /// JSONSerialization (unlike JSONDecoder) drops a U+FEFF that starts a string, or that follows
    /// an escape sequence: such strings are compared without their U+FEFFs. (The writer's tests
    /// check U+FEFF with JSONDecoder.)
    private static func withoutBOM(_ string: String) -> String {
        var scalars = string.unicodeScalars
        scalars.removeAll { $0 == "\u{FEFF}" }
        return String(scalars)
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}

/// Strings rich in what JSON escaping must get right, made from generated integers.
enum TrickyText {
    /// One Unicode scalar per code, spread over controls, escapes, ASCII, the BMP, astral planes
    /// and combining marks.
    static func scalar(for code: Int) -> Unicode.Scalar {
        let value = code / 8
        let raw: UInt32 =
            switch code % 8 {
            case 0: UInt32(value % 0x20)
            case 1: [0x22, 0x5C, 0x2F, 0x7F, 0x2028, 0x2029, 0x2027, 0x202A, 0xE2, 0x20AC][value % 10]
            case 2: UInt32(0x20 + value % 0x5F)
            case 3: UInt32(0x80 + value % (0xD800 - 0x80))
            case 4: UInt32(0xE000 + value % 0x2000)
            case 5: UInt32(0x10000 + value % 0x100000)
            case 6: UInt32(0x300 + value % 0x70)
            default: UInt32(0x61 + value % 26)
            }
        return Unicode.Scalar(raw)!
    }

    static func string(_ codes: [Int]) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: codes.map(scalar(for:)))
        return String(scalars)
    }

    static let generator = Gen.int(in: 0...Int(Int32.max)).array(of: 0...24).map { string($0) }
}

/// Random JSON documents from a seed, with the numbers and strings that are hard to get right.
struct RandomJSON: RandomNumberGenerator {
    private var state: UInt64

    init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static let specialDoubles: [Double] = [
        0, -0.0, 0.1, 1e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 1.0,
        1e16, -2.5e-8, .pi, 123_456.789, 9.007_199_254_740_993e15,
    ]
    static let specialInts: [Int] = [0, -1, 1, .min, .max, 1 << 53, -(1 << 53) - 1]

    static func value(seed: Int) -> JSONValue {
        var random = RandomJSON(seed: seed)
        return random.value(depth: 0)
    }

    mutating func value(depth: Int) -> JSONValue {
        let kinds = depth >= 5 ? 6 : 8
        switch Int.random(in: 0..<kinds, using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2:
            return .int(
                Bool.random(using: &self)
                    ? Self.specialInts.randomElement(using: &self)! : Int.random(in: .min ... .max, using: &self)
            )
        case 3:
            if Bool.random(using: &self) { return .double(Self.specialDoubles.randomElement(using: &self)!) }
            let double = Double(bitPattern: next())
            return .double(double.isFinite ? double : Double.random(in: -1e6...1e6, using: &self))
        case 4, 5: return .string(string())
        case 6:
            return .array((0..<Int.random(in: 0...5, using: &self)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...14, using: &self) {
                object.append(key: string(), value: value(depth: depth + 1))
            }
            return .object(object)
        }
    }

    private mutating func string() -> String {
        TrickyText.string(
            (0..<Int.random(in: 0...10, using: &self)).map { _ in Int.random(in: 0...1 << 30, using: &self) }
        )
    }
}
