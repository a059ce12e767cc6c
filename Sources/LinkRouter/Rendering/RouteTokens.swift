internal import LinkNavigation
internal import LinkRouting

/// The JSON every answer of one route repeats, rendered once per load: its
/// `"route":{"name":…,"pattern":…,"params":{` and the `"name":` of each param it can match.
final class RouteTokens: @unchecked Sendable {
    // @unchecked: `params` is written once, in `init`, and only read after.

    /// `"route":{"name":…,"pattern":…,"params":{`, up to the params' first member.
    let head: HeldKey
    /// The names a match can hold, in match order: the path's placeholders in pattern order, then
    /// the declared query params (a match leaves out absent optional placeholders only). Kept
    /// alive for ``params``, which knows them by their bits.
    let paramNames: [String]
    /// Each of ``paramNames`` by its two words, with its `"name":`: plain bits in memory of this
    /// object's own, read with no retain of an array.
    private let params: UnsafeMutableBufferPointer<Param>
    /// ``params`` as a value to search (``RouteParamKeys/key(of:from:)``): read out of this object
    /// once, without a closure around the search.
    let paramKeys: RouteParamKeys
    /// The keys the held ones lend their text from: alive as long as this object, which the
    /// rendering holds while it writes them.
    private let keys: [JSONKey]

    struct Param {
        let name: (UInt64, UInt64)
        let key: HeldKey
    }

    init(_ route: Route) {
        let head = JSONKey(
            tokens: PreRenderedTokens { writer in
                writer.key(.route)
                writer.beginObject()
                writer.field(.name, route.name)
                writer.field(.pattern, route.pattern.text)
                writer.key(.params)
                writer.beginObject()
            }
        )
        paramNames = route.pathParamNames + route.query.map(\.name)
        let paramKeys = paramNames.map { JSONKey($0) }
        params = .allocate(capacity: paramNames.count)
        _ = params.initialize(from: zip(paramNames, paramKeys).map { Param(name: Self.bits(of: $0), key: $1.held) })
        self.paramKeys = RouteParamKeys(params: UnsafeBufferPointer(params))
        self.head = head.held
        keys = [head] + paramKeys
    }

    deinit { params.deallocate() }

    /// A string's two words as stored: equal to a held name's exactly when the string is a copy
    /// of it or an equal small string, that is, spelled with the same bytes (see
    /// `String.hasSameUTF8(as:)`). A name spelled alike but stored apart does not match.
    @inline(__always)
    private static func bits(of name: String) -> (UInt64, UInt64) {
        unsafeBitCast(name, to: (UInt64, UInt64).self)
    }

    /// The key of the name that is `name` (by its bits), from position `start` on, and the position
    /// after it; `nil` when none is. A match's names are a subsequence of ``paramNames``: a caller
    /// that goes on from the position returned finds each name at its first look.
    @inline(__always)
    func key(of name: String, from start: Int) -> (key: HeldKey, next: Int)? {
        paramKeys.key(of: name, from: start)
    }
}

/// The keys of a route's params by their names' bits (``RouteTokens/paramKeys``): plain bits, valid
/// while the tokens that hold them are alive.
struct RouteParamKeys: @unchecked Sendable {
    // @unchecked: the params are never written after the tokens' `init`.
    let params: UnsafeBufferPointer<RouteTokens.Param>

    /// The key of the name that is `name` (by its bits, see ``RouteTokens/key(of:from:)``), from
    /// position `start` on, and the position after it; `nil` when none is.
    @inline(__always)
    func key(of name: String, from start: Int) -> (key: HeldKey, next: Int)? {
        let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
        var index = start
        while index < params.count {
            let param = params[index]
            index &+= 1
            if param.name == bits { return (param.key, index) }
        }
        return nil
    }
}
