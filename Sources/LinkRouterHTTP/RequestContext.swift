/// What libmicrohttpd keeps as a request's `*req_cls`: the address of the request's
/// ``RequestAccumulator``, its lowest bit set when the request holds a reference of its own.
///
/// Ownership: a request on a connection whose accumulator is free borrows it, with no retain and
/// release (two atomic operations per request): the connection's socket context holds it from the
/// connection's start to its close, and libmicrohttpd reports the close (`MHD_cleanup_connections`)
/// only after the request-completed callback of each of its requests (`MHD_connection_close_`),
/// which ends the request. Any other request gets an accumulator of its own, retained once here
/// and released by that callback. An object's address is aligned to at least 8 bytes, so its
/// lowest bit is free for the mark.
struct RequestContext {
    let accumulator: Unmanaged<RequestAccumulator>
    /// Whether the request holds its own reference to ``accumulator``.
    let owns: Bool

    /// A request that borrows the connection's accumulator at `raw`.
    static func borrowing(_ raw: UnsafeMutableRawPointer) -> RequestContext {
        RequestContext(accumulator: Unmanaged.fromOpaque(raw), owns: false)
    }

    /// A request that holds the reference `retained`.
    static func owning(_ retained: Unmanaged<RequestAccumulator>) -> RequestContext {
        RequestContext(accumulator: retained, owns: true)
    }

    private init(accumulator: Unmanaged<RequestAccumulator>, owns: Bool) {
        self.accumulator = accumulator
        self.owns = owns
    }

    /// The context stored as `raw` (a ``raw`` value).
    init(_ raw: UnsafeMutableRawPointer) {
        owns = UInt(bitPattern: raw) & 1 != 0
        accumulator = Unmanaged.fromOpaque(owns ? raw - 1 : raw)
    }

    /// The value libmicrohttpd keeps.
    var raw: UnsafeMutableRawPointer {
        let address = accumulator.toOpaque()
        return owns ? address + 1 : address
    }
}
