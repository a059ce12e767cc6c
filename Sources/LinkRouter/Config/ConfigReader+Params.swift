internal import LinkRouting
internal import Yams

extension ConfigReader {
    static let paramKeys = ["type", "default", "optional", "min", "max", "min_length", "max_length"]

    /// A param in the shorthand (`int`, `int?`, `string=direct`, `[int]`) or the map form.
    func param(_ entry: Entry, owner: String) -> NamedParam? {
        let what = "param '\(entry.key)' of \(owner)"
        if case .scalar = entry.value {
            guard let text = string(entry.value, what) else { return nil }
            do {
                return try NamedParam(entry.key, text)
            } catch {
                self.error(
                    "invalid_param",
                    "\(what): \(error.message)",
                    at: textLocation(entry.value),
                    hint: Self.paramHint
                )
                return nil
            }
        }
        guard let items = mapping(entry.value, what, keys: Self.paramKeys) else { return nil }
        var values: [String: Node] = [:]
        for item in items { values[item.key] = item.value }
        guard let typeNode = values["type"] else {
            error("missing_key", "\(what) has no type", at: entry.value, hint: "add `type: int` (or string, uuid, ...)")
            return nil
        }
        guard let typeName = string(typeNode, "type of \(what)") else { return nil }
        guard let type = ParamType(name: typeName) else {
            error(
                "invalid_param",
                "\(what): unknown type '\(typeName)'",
                at: textLocation(typeNode),
                hint: Self.paramHint
            )
            return nil
        }
        let optional = values["optional"].flatMap { bool($0, "optional of \(what)") } ?? false
        func number(_ key: String) -> Double? {
            guard let node = values[key], let text = scalarText(node, "\(key) of \(what)") else { return nil }
            guard let value = Double(text), value.isFinite else {
                error(
                    "invalid_type",
                    "\(key) of \(what) must be a number",
                    at: node,
                    hint: "write a number such as 1 or 2.5"
                )
                return nil
            }
            return value
        }
        func length(_ key: String) -> Int? {
            values[key].flatMap { int($0, "\(key) of \(what)", in: 0...1_000_000) }
        }
        do {
            let spec = try ParamSpec(
                type: type,
                min: number("min"),
                max: number("max"),
                minLength: length("min_length"),
                maxLength: length("max_length")
            )
            var fallback: ParamValue?
            if let node = values["default"], let text = scalarText(node, "default of \(what)") {
                do {
                    fallback = try spec.value(parsing: text)
                } catch {
                    self.error(
                        "invalid_param",
                        "\(what): default '\(text)' is not a valid \(type.name): \(error.message)",
                        at: textLocation(node),
                        hint: "write a default the type \(type.name) accepts, or leave it out"
                    )
                    return nil
                }
            }
            return NamedParam(
                name: entry.key,
                declaration: try ParamDeclaration(spec: spec, optional: optional, default: fallback)
            )
        } catch {
            self.error("invalid_param", "\(what): \(error.message)", at: entry.value, hint: Self.paramHint)
            return nil
        }
    }

    static let paramHint =
        "write TYPE, TYPE?, TYPE=DEFAULT or [TYPE] with TYPE one of int, uint, float, bool, string, slug, uuid, "
        + "date, enum(a|b), or the map form {type, default, optional, min, max, min_length, max_length}"
}

/// Durations as written in the config: `90s`, `30m`, `1h30m`, `2d`, `500ms`, or bare seconds.
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        if let seconds = Int(text), seconds > 0 { return .seconds(seconds) }
        var total: Int64 = 0
        var number: Int64?
        var bytes = Array(text.utf8)[...]
        guard !bytes.isEmpty else { return nil }
        while let byte = bytes.first {
            if byte >= 0x30 && byte <= 0x39 {
                let (times, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int64(byte - 0x30))
                guard !o1, !o2 else { return nil }
                number = sum
                bytes = bytes.dropFirst()
                continue
            }
            guard let value = number else { return nil }
            let unit: Int64
            if bytes.starts(with: "ms".utf8) {
                unit = 1
                bytes = bytes.dropFirst(2)
            } else {
                switch byte {
                case 0x73: unit = 1000  // s
                case 0x6D: unit = 60_000  // m
                case 0x68: unit = 3_600_000  // h
                case 0x64: unit = 86_400_000  // d
                default: return nil
                }
                bytes = bytes.dropFirst()
            }
            let (part, o1) = value.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return nil }
            total = sum
            number = nil
        }
        guard number == nil, total > 0 else { return nil }
        return .milliseconds(total)
    }
}
