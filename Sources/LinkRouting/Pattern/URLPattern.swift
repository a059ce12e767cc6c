/// A parsed route pattern: an optional link source, path elements and query literals.
///
/// ```
/// /product/{id:int}/reviews[/{page:int:min(1)}]?tab=all
/// shop://product/{id:int}
/// https://shop.example.com/files/{rest:path}
/// ```
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
    /// Where links matching the pattern may come from.
    public enum Source: Sendable, Hashable {
        /// Every configured custom scheme and web host.
        case any
        /// Only this custom scheme (lowercased).
        case scheme(String)
        /// Only this web origin: `https` or `http` and a host (both lowercased).
        case web(scheme: String, host: String)
    }

    /// One element of the path.
    public indirect enum Element: Sendable, Hashable {
        /// A whole segment compared exactly (percent-escapes in the pattern are decoded).
        case literal(String)
        /// A whole segment (or, for `path`, the rest of the path) bound to a typed parameter.
        case placeholder(name: String, spec: ParamSpec)
        /// `[...]`: elements that may all be present or all absent.
        case optional([Element])
    }

    /// A `?key=value` suffix: the key must be present with that value (or with any value when `value` is nil).
    public struct QueryLiteral: Sendable, Hashable {
        public let name: String
        public let value: String?
    }

    /// The pattern as written.
    public let text: String
    public let source: Source
    public let elements: [Element]
    public let queryLiterals: [QueryLiteral]

    public var description: String { text }

    /// Every placeholder, in order, including those inside optional groups.
    public var placeholders: [(name: String, spec: ParamSpec)] {
        func walk(_ elements: [Element], into out: inout [(name: String, spec: ParamSpec)]) {
            for element in elements {
                switch element {
                case .literal: break
                case .placeholder(let name, let spec): out.append((name, spec))
                case .optional(let inner): walk(inner, into: &out)
                }
            }
        }
        var out: [(name: String, spec: ParamSpec)] = []
        walk(elements, into: &out)
        return out
    }
}

/// One element of an expanded pattern variant: optional groups are either spelled out or `absent`.
enum VariantElement: Hashable {
    case literal([UInt8])
    case placeholder(name: String, spec: ParamSpec)
    /// An optional group left out: ranks between `string` and rest-of-path.
    case absent

    var consumesSegment: Bool { if case .absent = self { false } else { true } }
}

extension URLPattern {
    /// Each combination of present and absent optional groups.
    var variants: [[VariantElement]] {
        func expand(_ elements: [Element]) -> [[VariantElement]] {
            var result: [[VariantElement]] = [[]]
            for element in elements {
                switch element {
                case .literal(let text):
                    for i in result.indices { result[i].append(.literal(Array(text.utf8))) }
                case .placeholder(let name, let spec):
                    for i in result.indices { result[i].append(.placeholder(name: name, spec: spec)) }
                case .optional(let inner):
                    let innerVariants = expand(inner)
                    result = result.flatMap { prefix in innerVariants.map { prefix + $0 } + [prefix + [.absent]] }
                }
            }
            return result
        }
        return expand(elements)
    }
}
