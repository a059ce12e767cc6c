import Testing

@testable import LinkRouterHTTP

/// A request's `*req_cls` tells a borrowed accumulator from one the request holds, and gives
/// back the same accumulator either way.
@Suite struct RequestContextTests {
    @Test func aBorrowedAccumulatorIsTheConnectionsAndNotOwned() {
        let accumulator = RequestAccumulator()
        let raw = Unmanaged.passUnretained(accumulator).toOpaque()
        let context = RequestContext(RequestContext.borrowing(raw).raw)
        #expect(!context.owns)
        #expect(context.accumulator.takeUnretainedValue() === accumulator)
        #expect(RequestContext.borrowing(raw).raw == raw)
    }

    @Test func anOwnedAccumulatorIsMarkedAndReleasedOnce() {
        weak var held: RequestAccumulator?
        do {
            let accumulator = RequestAccumulator()
            held = accumulator
            let raw = RequestContext.owning(Unmanaged.passRetained(accumulator)).raw
            #expect(raw != Unmanaged.passUnretained(accumulator).toOpaque())
            let context = RequestContext(raw)
            #expect(context.owns)
            #expect(context.accumulator.takeUnretainedValue() === accumulator)
            context.accumulator.release()
        }
        #expect(held == nil)
    }
}
