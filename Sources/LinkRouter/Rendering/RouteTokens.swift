internal import LinkNavigation
internal import LinkRouting

/// The JSON every answer of one route repeats, rendered once per load: its
/// `"route":{"name":…,"pattern":…,"params":{` and the `"name":` of each param it can match, in
/// the route's ``RouteRow``, which answers read.
final class RouteTokens: @unchecked Sendable {
    // @unchecked: the row is written once, in `init`, and only read after.

    /// The names a match can hold, in match order: the path's placeholders in pattern order, then
    /// the declared query params (a match leaves out absent optional placeholders only). Kept
    /// alive for the row, which knows them by their bits.
    let paramNames: [String]
    /// The texts and the names' words, owned by this object: alive as long as it is.
    let row: RouteRow

    init(_ route: Route) {
        paramNames = route.pathParamNames + route.query.map(\.name)
        row = RouteRow.make(route, paramNames: paramNames)
    }

    deinit { row.deallocate() }

    /// `"route":{"name":…,"pattern":…,"params":{`, up to the params' first member.
    var head: HeldKey { row.head }

    /// The params' keys by their names' bits, to search (``RouteParamKeys/key(of:from:)``).
    var paramKeys: RouteParamKeys { RouteParamKeys(row: row) }

    /// The key of the name that is `name` (by its bits), from position `start` on, and the position
    /// after it; `nil` when none is. A match's names are a subsequence of ``paramNames``: a caller
    /// that goes on from the position returned finds each name at its first look.
    @inline(__always)
    func key(of name: String, from start: Int) -> (key: HeldKey, next: Int)? {
        paramKeys.key(of: name, from: start)
    }
}

/// Everything an answer reads for its route, in one allocation of its own: its head, and each param
/// it can match by its name's words with its key; then the texts. Plain bits, retained by no read: valid while the
/// ``RouteTokens`` that own it are alive (the rendering holds them for longer than any answer).
struct RouteRow: @unchecked Sendable {
    // @unchecked: the memory is written once, by `make`, and only read after.

    /// Where the row starts: a `Header`, then `paramCount` params, then the texts.
    let base: UnsafeRawPointer

    private struct Header {
        let paramCount: Int
        let head: TextSpan
    }

    /// A param a match can hold: its name's two words as stored, equal to a match's name exactly
    /// when that is a copy of it or an equal small string, that is, spelled with the same bytes
    /// (see `String.hasSameUTF8(as:)`); a name spelled alike but stored apart does not match.
    struct Param {
        let name: (UInt64, UInt64)
        let key: TextSpan
    }

    private static var paramsOffset: Int { MemoryLayout<Header>.stride }

    /// A row for `route`, whose params a match can hold are called `paramNames` (kept alive by the
    /// caller as long as the row); the caller owns it and frees it with ``deallocate()``.
    static func make(_ route: Route, paramNames: [String]) -> RouteRow {
        let head = PreRenderedTokens { writer in
            writer.key(.route)
            writer.beginObject()
            writer.field(.name, route.name)
            writer.field(.pattern, route.pattern.text)
            writer.key(.params)
            writer.beginObject()
        }
        let (memory, spans) = TextSpan.allocateRow(
            fixed: paramsOffset + paramNames.count * MemoryLayout<Param>.stride,
            texts: [head] + paramNames.map { JSONKey($0).tokens }
        )
        memory.initializeMemory(
            as: Header.self,
            repeating: Header(paramCount: paramNames.count, head: spans[0]),
            count: 1
        )
        let params = zip(paramNames, spans.dropFirst()).map {
            Param(name: unsafeBitCast($0, to: (UInt64, UInt64).self), key: $1)
        }
        (memory + paramsOffset).initializeMemory(as: Param.self, from: params, count: params.count)
        return RouteRow(base: UnsafeRawPointer(memory))
    }

    func deallocate() { UnsafeMutableRawPointer(mutating: base).deallocate() }

    @inline(__always)
    private var header: UnsafePointer<Header> { base.assumingMemoryBound(to: Header.self) }

    /// `"route":{"name":…,"pattern":…,"params":{`, up to the params' first member.
    @inline(__always)
    var head: HeldKey { header.pointee.head.key(in: base) }

    /// The params a match can hold, in match order.
    @inline(__always)
    var params: UnsafeBufferPointer<Param> {
        UnsafeBufferPointer(
            start: (base + Self.paramsOffset).assumingMemoryBound(to: Param.self),
            count: header.pointee.paramCount
        )
    }
}

/// The keys of a route's params by their names' bits (``RouteTokens/paramKeys``): plain bits, valid
/// while the tokens that hold them are alive.
struct RouteParamKeys: @unchecked Sendable {
    // @unchecked: the row is never written after the tokens' `init`.
    let row: RouteRow

    /// The key of the name that is `name` (by its bits, see ``RouteRow/Param``), from position
    /// `start` on, and the position after it; `nil` when none is.
    @inline(__always)
    func key(of name: String, from start: Int) -> (key: HeldKey, next: Int)? {
        let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
        let params = row.params
        var index = start
        while index < params.count {
            let param = params[index]
            index &+= 1
            if param.name == bits { return (param.key.key(in: row.base), index) }
        }
        return nil
    }
}
