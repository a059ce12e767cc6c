extension UnsafeMutablePointer {
    /// The stored property `path` of the pointee, in place: a constant offset once optimised.
    @inline(__always)
    func field<Value>(_ path: KeyPath<Pointee, Value>) -> UnsafeMutablePointer<Value> {
        guard let offset = MemoryLayout<Pointee>.offset(of: path) else {
            preconditionFailure("field(_:) takes a stored property")
        }
        return (UnsafeMutableRawPointer(self) + offset).assumingMemoryBound(to: Value.self)
    }
}
