/// `require`: the condition must hold, else the fallback.
public struct RequireInterceptor: Interceptor {
    public let when: Condition
    public let fallback: InterceptorFallback
    public var kind: String { "require" }

    public init(when: Condition, else fallback: InterceptorFallback) {
        self.when = when
        self.fallback = fallback
    }

    public func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
        when.holds(in: context) ? .pass : fallback.outcome
    }
}

/// `feature`: enabled when the flag is true (a session attribute of that name, else the global flags).
public struct FeatureInterceptor: Interceptor {
    public let flag: String
    public let fallback: InterceptorFallback
    public var kind: String { "feature" }

    public init(flag: String, else fallback: InterceptorFallback) {
        self.flag = flag
        self.fallback = fallback
    }

    public func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
        let enabled: Bool
        switch context.attributes[flag] {
        case .bool(let value)?: enabled = value
        case .string(let text)?: enabled = text == "true"
        case .number(let n)?: enabled = n != 0
        case nil: enabled = context.flags[flag] ?? false
        }
        return enabled ? .pass : fallback.outcome
    }
}

/// `min_version`: the client's version (`X-App-Version`, else the `app_version` attribute) must be at
/// least `version`. A client that states no version, or an unreadable one, passes.
public struct MinVersionInterceptor: Interceptor {
    public let version: SemanticVersion
    public let fallback: InterceptorFallback
    public var kind: String { "min_version" }

    public init(version: SemanticVersion, else fallback: InterceptorFallback) {
        self.version = version
        self.fallback = fallback
    }

    public func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
        let stated = context.header("X-App-Version") ?? context.attributes["app_version"]?.text
        guard let stated, let client = SemanticVersion(stated) else { return .pass }
        return client < version ? fallback.outcome : .pass
    }
}

/// `strip_query`: removes query params whose names match the globs (`utm_*`, `fbclid`) before matching.
public struct StripQueryInterceptor: Interceptor {
    public let patterns: [String]
    public var kind: String { "strip_query" }

    public init(patterns: [String]) { self.patterns = patterns }

    /// Works on UTF-8 bytes and builds a new string only when something is removed.
    public func rewrite(_ url: String) -> String? {
        var copy = url
        return copy.withUTF8 { bytes -> String? in
            let end = bytes.firstIndex(of: 0x23) ?? bytes.count  // a '?' in the fragment is no query
            guard let question = bytes[..<end].firstIndex(of: 0x3F) else { return nil }
            var kept: [Range<Int>] = []
            var removed = false
            var start = question + 1
            while start <= end {
                var stop = start
                while stop < end && bytes[stop] != 0x26 { stop += 1 }
                var nameEnd = start
                while nameEnd < stop && bytes[nameEnd] != 0x3D { nameEnd += 1 }
                let name = QueryName.decoded(UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]))
                if start < stop && patterns.contains(where: { Glob.matches($0, name) }) {
                    removed = true
                } else if start < stop {
                    kept.append(start..<stop)
                }
                start = stop + 1
            }
            guard removed else { return nil }
            var out = Array(bytes[..<question])
            for (i, range) in kept.enumerated() {
                out.append(i == 0 ? 0x3F : 0x26)
                out += bytes[range]
            }
            out += bytes[end...]
            return String(decoding: out, as: UTF8.self)
        }
    }

    public func intercept(_ context: InterceptionContext) -> InterceptorOutcome {
        rewrite(context.url).map { .rewrite($0) } ?? .pass
    }
}
