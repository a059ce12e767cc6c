/// A response body in one heap block: the bytes, how many are written and how many fit live in a
/// single allocation.
///
/// A writer in this package fills it in place and hands it over whole; the server then passes
/// the bytes to libmicrohttpd without copying them, holding a reference until libmicrohttpd has
/// sent them. The bytes never change once it is handed over.
public struct ResponseBytes: @unchecked Sendable {
    // @unchecked: written only by its one owner before it is shared, and only read after.

    /// How many bytes are written, and how many fit.
    @usableFromInline struct Header {
        @usableFromInline var count: Int
        @usableFromInline let capacity: Int
    }

    /// The block: a `ManagedBuffer` with its counts as the header.
    @usableFromInline final class Storage: ManagedBuffer<Header, UInt8> {}

    // The accessors below are inlinable: a writer in another module reads them once per answer,
    // where a call to each kept the block retained and released around it.
    @usableFromInline let storage: Storage

    /// An empty block with room for at least `capacity` bytes: for the size of an answer, a
    /// spare block of ``ResponseBlockPool``'s (or a new one of its size, which goes there once
    /// sent), else a block of its own.
    public init(capacity: Int) {
        let room = Swift.max(capacity, 0)
        guard ResponseBlockPool.serves(room) else {
            storage = Self.allocate(room)
            return
        }
        storage = ResponseBlockPool.shared.take() ?? Self.allocate(ResponseBlockPool.blockCapacity)
    }

    private static func allocate(_ room: Int) -> Storage {
        unsafeDowncast(
            Storage.create(minimumCapacity: room) { _ in Header(count: 0, capacity: room) },
            to: Storage.self
        )
    }

    /// Its first byte, valid while this value (or a copy) is held: bind the block to a name before
    /// taking it. Writes through it, up to ``capacity``, are the owner's until it hands the block over.
    @inlinable package var start: UnsafeMutablePointer<UInt8> {
        storage.withUnsafeMutablePointerToElements { $0 }
    }

    /// How many bytes fit.
    @inlinable public var capacity: Int {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }
    }

    /// How many bytes are written: the owner sets it, within ``capacity``, before handing the block
    /// over. (Through the header's pointer: `header` itself is a class property, checked for
    /// exclusive access at run time on every use.)
    @inlinable public package(set) var count: Int {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }
        nonmutating set {
            storage.withUnsafeMutablePointerToHeader { header in
                precondition(newValue >= 0 && newValue <= header.pointee.capacity, "count outside the block")
                header.pointee.count = newValue
            }
        }
    }

    /// The bytes written, as an array (a copy).
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }
}
