extension Array {
    /// Whether both arrays use one buffer (copies of one array, neither changed since): a look at
    /// two addresses, without the retain and release `==` pays before it checks the same thing.
    @inline(__always)
    func sharesBuffer(with other: Array) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
            }
        }
    }
}
