extension URLPattern {
    /// The most optional groups one pattern may hold (each doubles the compiled variants).
    static let maxOptionalGroups = 8

    /// Parses a pattern.
    /// - Throws: ``PatternError`` with the column of the first problem and a hint.
    public init(parsing text: String) throws(PatternError) {
        var parser = PatternParser(text)
        let (source, pathStart) = try parser.parseSource()
        parser.position = pathStart
        parser.pathStart = pathStart
        var elements = try parser.parseSequence(groupStart: nil)
        // A custom scheme's host is the first segment and URLs lowercase it: so does the pattern.
        if case .scheme = source, case .literal(let first)? = elements.first {
            elements[0] = .literal(first.lowercased())
        }
        let literals = try parser.parseQueryLiterals()
        var groups = 0
        PatternParser.countGroups(elements, into: &groups)
        if groups > URLPattern.maxOptionalGroups {
            throw PatternError(
                "\(groups) optional groups; at most \(URLPattern.maxOptionalGroups) are allowed",
                column: 1,
                hint: "split the route into several routes"
            )
        }
        self.text = text
        self.source = source
        self.elements = elements
        self.queryLiterals = literals
    }
}

/// A recursive-descent parser over the pattern's Unicode scalars (load time only, never per request).
struct PatternParser {
    let scalars: [Unicode.Scalar]
    var position = 0
    /// Scalars of the source prefix that stand in for a leading `/` (custom-scheme patterns).
    var impliedSlash = false
    /// Index of a rest-of-path placeholder once parsed: nothing may follow it.
    var restIndex: Int?
    /// Index where the path starts (after any source prefix).
    var pathStart = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var column: Int { position + 1 }
    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func error(_ message: String, at index: Int? = nil, hint: String? = nil) -> PatternError {
        PatternError(message, column: (index ?? position) + 1, hint: hint)
    }

    /// `/...`, `scheme://...` or `scheme:/...` (custom), `https://host/...` (web).
    mutating func parseSource() throws(PatternError) -> (URLPattern.Source, Int) {
        guard let first = scalars.first else {
            throw error("empty pattern", hint: "a pattern starts with / (the root is \"/\")")
        }
        if first == "/" { return (.any, 0) }
        var i = 0
        while i < scalars.count, scalars[i] != ":" {
            let c = scalars[i]
            let ok =
                ("a"..."z").contains(c) || ("A"..."Z").contains(c)
                || (i > 0 && (("0"..."9").contains(c) || c == "+" || c == "-" || c == "."))
            guard ok else { throw missingSlash() }
            i += 1
        }
        guard i < scalars.count, i > 0 else { throw missingSlash() }
        let scheme = String(String.UnicodeScalarView(scalars[0..<i])).lowercased()
        var k = i + 1
        if scheme == "http" || scheme == "https" {
            guard k + 1 < scalars.count, scalars[k] == "/", scalars[k + 1] == "/" else {
                throw error("a web source is written https://host/path", at: k)
            }
            k += 2
            let hostStart = k
            while k < scalars.count, scalars[k] != "/", scalars[k] != "?" { k += 1 }
            guard k > hostStart else { throw error("the web source has no host", at: hostStart) }
            var host = String(String.UnicodeScalarView(scalars[hostStart..<k])).lowercased()
            // The default port is the origin itself, as in URLs.
            let defaultPort = scheme == "https" ? ":443" : ":80"
            if host.hasSuffix(defaultPort) { host = String(host.dropLast(defaultPort.count)) }
            if k == scalars.count || scalars[k] == "?" { impliedSlash = true }
            return (.web(scheme: scheme, host: host), k)
        }
        // Custom scheme: the URL's host is the first segment, so `shop://product/1` is `/product/1`.
        if k + 1 < scalars.count, scalars[k] == "/", scalars[k + 1] == "/" {
            k += 2
        } else if k < scalars.count,
            scalars[k] == "/"
        {
            k += 1
        }
        impliedSlash = true
        return (.scheme(scheme), k)
    }

    private func missingSlash() -> PatternError {
        error(
            "a pattern starts with / or with a link source such as shop:// or https://host",
            at: 0,
            hint: "write /\(String(String.UnicodeScalarView(scalars)))"
        )
    }

    /// Refuses anything after a rest-of-path placeholder.
    private func checkNothingAfterRest() throws(PatternError) {
        if let restIndex {
            throw error(
                "rest-of-path must be the last segment",
                at: restIndex,
                hint: "move it to the end of the pattern"
            )
        }
    }

    /// Path elements up to `?`, the end, or the `]` closing the group opened at `groupStart`.
    mutating func parseSequence(groupStart: Int?) throws(PatternError) -> [URLPattern.Element] {
        var elements: [URLPattern.Element] = []
        while true {
            guard let c = peek else {
                if let groupStart { throw error("unclosed optional group", at: groupStart, hint: "close it with ]") }
                return elements
            }
            switch c {
            case "]":
                guard groupStart != nil else {
                    throw error("] without a matching [", hint: "remove it or open a group")
                }
                position += 1
                return elements
            case "?":
                if let groupStart {
                    throw error("unclosed optional group", at: groupStart, hint: "close it with ] before the query")
                }
                return elements
            case "[":
                try checkNothingAfterRest()
                let open = position
                position += 1
                guard peek == "/" else {
                    throw error(
                        "an optional group holds whole segments and starts with /",
                        hint: "write [/{page:int}]"
                    )
                }
                elements.append(.optional(try parseSequence(groupStart: open)))
            case "/":
                // One trailing slash may follow rest-of-path, as it may end any pattern.
                let isTrailing = position + 1 == scalars.count || scalars[position + 1] == "?"
                if restIndex != nil && isTrailing && groupStart == nil {
                    position += 1
                    continue
                }
                try checkNothingAfterRest()
                position += 1
                try parseSegment(into: &elements, isTopLevel: groupStart == nil)
            default:
                if impliedSlash && position > 0 && elements.isEmpty {
                    impliedSlash = false
                    try parseSegment(into: &elements, isTopLevel: groupStart == nil)
                } else {
                    throw error("expected / before a segment")
                }
            }
            impliedSlash = false
        }
    }

    /// One segment after its `/`: a literal or a whole-segment placeholder.
    mutating func parseSegment(into elements: inout [URLPattern.Element], isTopLevel: Bool) throws(PatternError) {
        let start = position
        while let c = peek, c != "/", c != "[", c != "]", c != "?" { position += 1 }
        let segment = Array(scalars[start..<position])
        if segment.isEmpty {
            // One trailing slash (and the root pattern "/") is allowed, as in URLs; so is a root
            // followed by an optional group (`/[/{lang}]`).
            if isTopLevel && (peek == nil || peek == "?" || (peek == "[" && elements.isEmpty && start == pathStart + 1))
            {
                return
            }
            throw error("empty segment", at: start, hint: "remove the doubled /")
        }
        if segment.first == "{" {
            guard segment.last == "}" else {
                throw error("a placeholder must fill its whole segment", at: start, hint: "write /{name}/literal")
            }
            let (name, spec) = try parsePlaceholder(Array(segment.dropFirst().dropLast()), column: start + 1)
            elements.append(.placeholder(name: name, spec: spec))
            if spec.type == .path { restIndex = start }
            return
        }
        if let brace = segment.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            throw error("a placeholder must fill its whole segment", at: start + brace, hint: "write /{name}/literal")
        }
        let raw = String(String.UnicodeScalarView(segment))
        guard let literal = PatternParser.percentDecoded(raw) else {
            throw error("malformed percent escape in literal", at: start)
        }
        if literal == "." || literal == ".." {
            throw error("dot segments never match", at: start, hint: "URLs with . or .. segments are rejected")
        }
        elements.append(.literal(literal))
    }

    static func countGroups(_ elements: [URLPattern.Element], into count: inout Int) {
        for case .optional(let inner) in elements {
            count += 1
            countGroups(inner, into: &count)
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !ByteParsing.isDigit(first) else { return false }
        return name.utf8.allSatisfy { ByteParsing.isDigit($0) || ($0 | 0x20) &- 0x61 < 26 || $0 == 0x5F }
    }

    /// Decodes percent escapes (load time); `nil` when an escape is malformed or the result is not UTF-8.
    static func percentDecoded(_ text: String, plusIsSpace: Bool = false) -> String? {
        var copy = text
        return copy.withUTF8 { raw -> String? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count + 1) { scratch -> String? in
                var out = scratch.baseAddress!
                guard
                    let decoded = try? PercentDecoding.decode(
                        raw,
                        base: 0,
                        plusIsSpace: plusIsSpace,
                        lowercase: false,
                        out: &out
                    )
                else { return nil }
                return String(decoding: decoded, as: UTF8.self)
            }
        }
    }
}
