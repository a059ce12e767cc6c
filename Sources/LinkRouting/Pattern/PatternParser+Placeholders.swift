/// Placeholders (`{name:type:constraint(...)}`) and query literals (`?key=value`).
extension PatternParser {
    /// `name`, `name:type`, `name:type:min(1):max_length(5)`.
    func parsePlaceholder(_ inner: [Unicode.Scalar], column: Int) throws(PatternError) -> (String, ParamSpec) {
        let text = String(String.UnicodeScalarView(inner))
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        guard PatternParser.isIdentifier(name) else {
            throw PatternError(
                "'\(name)' is not a parameter name",
                column: column + 1,
                hint: "names are letters, digits and _, not starting with a digit"
            )
        }
        guard parts.count > 1 else { return (name, ParamSpec(.string)) }
        let typeColumn = column + 1 + name.unicodeScalars.count + 1
        var pieceColumn = typeColumn
        var previousPiece = parts[1]
        guard let type = ParamType(name: parts[1]) else {
            throw PatternError(
                "unknown type '\(parts[1])'",
                column: typeColumn,
                hint: "one of \(ParamType.knownNames)"
            )
        }
        var min: Double?
        var max: Double?
        var minLength: Int?
        var maxLength: Int?
        for constraint in parts.dropFirst(2) {
            pieceColumn += previousPiece.unicodeScalars.count + 1
            previousPiece = constraint
            guard let open = constraint.firstIndex(of: "("), constraint.hasSuffix(")") else {
                throw PatternError(
                    "malformed constraint '\(constraint)'",
                    column: pieceColumn,
                    hint: "write min(1), max(9), min_length(2) or max_length(40)"
                )
            }
            let key = String(constraint[..<open])
            let argument = String(
                constraint[constraint.index(after: open)..<constraint.index(before: constraint.endIndex)]
            )
            switch key {
            case "min", "max":
                guard let v = Double(argument), v.isFinite else {
                    throw PatternError(
                        "\(key) needs a number, not '\(argument)'",
                        column: pieceColumn,
                        hint: "write \(key)(1)"
                    )
                }
                if key == "min" { min = v } else { max = v }
            case "min_length", "max_length":
                guard let v = Int(argument), v >= 0 else {
                    throw PatternError(
                        "\(key) needs a whole number, not '\(argument)'",
                        column: pieceColumn,
                        hint: "write \(key)(8)"
                    )
                }
                if key == "min_length" { minLength = v } else { maxLength = v }
            default:
                throw PatternError(
                    "unknown constraint '\(key)'",
                    column: pieceColumn,
                    hint: "min, max, min_length or max_length"
                )
            }
        }
        do {
            return (name, try ParamSpec(type: type, min: min, max: max, minLength: minLength, maxLength: maxLength))
        } catch {
            throw PatternError(error.message, column: column + 1 + name.unicodeScalars.count + 1)
        }
    }

    /// `?key=value&flag`: literals that must be present.
    mutating func parseQueryLiterals() throws(PatternError) -> [URLPattern.QueryLiteral] {
        guard peek == "?" else { return [] }
        position += 1
        var literals: [URLPattern.QueryLiteral] = []
        while position <= scalars.count {
            let start = position
            while let c = peek, c != "&" { position += 1 }
            let piece = String(String.UnicodeScalarView(scalars[start..<position]))
            position += 1
            if piece.isEmpty { throw error("empty query literal", at: start) }
            let key: String
            let value: String?
            if let eq = piece.firstIndex(of: "=") {
                key = String(piece[..<eq])
                value = String(piece[piece.index(after: eq)...])
            } else {
                key = piece
                value = nil
            }
            guard !key.isEmpty, let decodedKey = PatternParser.percentDecoded(key, plusIsSpace: true) else {
                throw error("a query literal is key=value with a non-empty key", at: start)
            }
            if key.contains("{") || (value?.contains("{") ?? false) {
                throw error(
                    "query literals are fixed text",
                    at: start,
                    hint: "declare typed query parameters in the route's query map"
                )
            }
            let decodedValue = value.flatMap { PatternParser.percentDecoded($0, plusIsSpace: true) }
            if value != nil && decodedValue == nil {
                throw error("malformed percent escape in query literal", at: start)
            }
            if literals.contains(where: { $0.name == decodedKey }) {
                throw error("query key '\(decodedKey)' appears twice", at: start, hint: "keep one of them")
            }
            literals.append(URLPattern.QueryLiteral(name: decodedKey, value: decodedValue))
        }
        return literals
    }
}
