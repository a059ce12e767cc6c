import Testing

@testable import LinkRouterHTTP

@Suite struct ResponseBlockPoolTests {
    /// A new block of the pool's size, as `ResponseBytes(capacity:)` makes when the pool is empty.
    static func pooledSizeBlock() -> ResponseBytes.Storage {
        ResponseBytes(capacity: ResponseBlockPool.blockCapacity).storage
    }

    @Test func aBlockGivenBackIsTakenAgainEmpty() {
        let pool = ResponseBlockPool()
        let block = Self.pooledSizeBlock()
        block.withUnsafeMutablePointerToHeader { $0.pointee.count = 100 }
        let identity = ObjectIdentifier(block)
        // Moved in: a block the test still held would not be kept.
        let kept = pool.giveBack(consume block)
        #expect(kept)
        #expect(pool.count == 1)
        let taken = pool.take()
        #expect(taken.map(ObjectIdentifier.init) == identity)
        #expect(taken?.withUnsafeMutablePointerToHeader { $0.pointee.count } == 0)
        #expect(pool.take() == nil)
    }

    /// A block someone still holds could still be read: it is not written again.
    @Test func aBlockHeldElsewhereIsNotKept() {
        let pool = ResponseBlockPool()
        let block = Self.pooledSizeBlock()
        let other = block
        #expect(!pool.giveBack(block))
        #expect(pool.count == 0)
        #expect(other === block)
    }

    @Test(arguments: [0, 100, ResponseBlockPool.smallestServed - 1, ResponseBlockPool.blockCapacity + 1, 60_000])
    func aBlockOfAnotherSizeIsNotKept(_ capacity: Int) {
        let pool = ResponseBlockPool()
        #expect(!pool.giveBack(ResponseBytes(capacity: capacity).storage))
        #expect(pool.count == 0)
    }

    /// A pool's spare blocks are its own references: they go when the pool goes.
    @Test func aPoolLetsItsBlocksGoWhenItGoes() {
        weak var spare: ResponseBytes.Storage?
        do {
            let pool = ResponseBlockPool()
            // Outside `#expect`, which would keep the argument for its report.
            let kept = pool.giveBack(Self.pooledSizeBlock(noting: &spare))
            #expect(kept)
            #expect(spare != nil, "the pool holds the block")
        }
        #expect(spare == nil)
    }

    /// ``pooledSizeBlock()``, also noted in `reference` (weak at the caller): the block returned is
    /// held by nothing else.
    static func pooledSizeBlock(noting reference: inout ResponseBytes.Storage?) -> ResponseBytes.Storage {
        let block = pooledSizeBlock()
        reference = block
        return block
    }

    /// Blocks given back one after another are all kept, all seen, and all taken again once.
    @Test func everyBlockGivenBackIsTakenOnce() {
        let pool = ResponseBlockPool()
        var identities: Set<ObjectIdentifier> = []
        for _ in 0..<3 {
            let block = Self.pooledSizeBlock()
            identities.insert(ObjectIdentifier(block))
            let kept = pool.giveBack(consume block)
            #expect(kept)
        }
        #expect(pool.count == 3)
        var taken: [ResponseBytes.Storage] = []
        while let block = pool.take() { taken.append(block) }
        #expect(Set(taken.map(ObjectIdentifier.init)) == identities)
        #expect(taken.count == 3)
        #expect(pool.count == 0)
        #expect(taken.allSatisfy { !pool.holds($0) })
    }

    @Test func atMostTheLimitIsKept() {
        let pool = ResponseBlockPool()
        for index in 0..<(ResponseBlockPool.limit + 5) {
            #expect(pool.giveBack(Self.pooledSizeBlock()) == (index < ResponseBlockPool.limit))
        }
        #expect(pool.count == ResponseBlockPool.limit)
    }

    /// An answer-sized request gets all of a pooled block's room; others get their own size.
    @Test(arguments: [
        (ResponseBlockPool.smallestServed, ResponseBlockPool.blockCapacity),
        (1_000, ResponseBlockPool.blockCapacity),
        (ResponseBlockPool.blockCapacity, ResponseBlockPool.blockCapacity),
        (ResponseBlockPool.smallestServed - 1, ResponseBlockPool.smallestServed - 1),
        (ResponseBlockPool.blockCapacity + 1, ResponseBlockPool.blockCapacity + 1),
        (0, 0),
    ])
    func roomFollowsTheRequest(_ requested: Int, _ room: Int) {
        let block = ResponseBytes(capacity: requested)
        #expect(block.capacity == room)
        #expect(block.count == 0)
    }
}
