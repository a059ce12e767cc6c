/// A response body in one heap block: the bytes and the count of those written live in a single
/// allocation.
///
/// A writer fills it in place and hands it over whole; the server then passes the bytes to
/// libmicrohttpd without copying them, holding a reference until libmicrohttpd has sent them. The
/// bytes never change once it is handed over.
public struct ResponseBytes: @unchecked Sendable {
    // @unchecked: written only by its one owner before it is shared, and only read after.

    /// The block: a `ManagedBuffer` whose header is the count of bytes written.
    final class Storage: ManagedBuffer<Int, UInt8> {}

    let storage: Storage

    /// An empty block with room for at least `capacity` bytes.
    public init(capacity: Int) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: capacity) { _ in 0 }, to: Storage.self)
    }

    /// Its first byte. Writes through it, up to the capacity asked for, are the owner's until it
    /// hands the block over; the pointer is valid while the block is held.
    public var start: UnsafeMutablePointer<UInt8> {
        storage.withUnsafeMutablePointerToElements { $0 }
    }

    /// How many bytes are written: the owner sets it before handing the block over.
    public var count: Int {
        // Through the header's pointer: `header` itself is a class property, checked for exclusive
        // access at run time on every use.
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee } }
        nonmutating set { storage.withUnsafeMutablePointerToHeader { $0.pointee = newValue } }
    }

    /// The bytes written, as an array (a copy).
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }
}
