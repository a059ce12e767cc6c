internal import LinkRouting

extension APIResponder {
    /// `explain`: the candidate routes in the matcher's order, with their rank and why each failed.
    static func explanation(_ url: String, _ config: LoadedConfig) -> JSONValue {
        guard let candidates = try? config.table.explain(url) else { return .array([]) }
        var out: [JSONValue] = []
        for candidate in candidates {
            var object = JSONObject()
            _ = object.append(key: "route", value: .string(candidate.route))
            _ = object.append(key: "pattern", value: .string(candidate.pattern))
            _ = object.append(key: "rank", value: .int(candidate.rank))
            _ = object.append(key: "matched", value: .bool(candidate.matched))
            _ = object.append(key: "reason", value: candidate.reason.map { JSONValue.string($0) } ?? .null)
            out.append(.object(object))
        }
        return .array(out)
    }
}
