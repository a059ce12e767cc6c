/// A hash of packed ids keyed by two words (``MintedIDHasher``, ``ShortIDHasher``): the store makes
/// each with a key drawn from the system's CSPRNG, so that where an id lands cannot be predicted.
protocol KeyedIDHashing: PackedIDHashing {
    /// A hasher with the given key (tests).
    init(k0: UInt64, k1: UInt64)
}

extension KeyedIDHashing {
    /// A hasher with a random key.
    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(k0: generator.next(), k1: generator.next())
    }
}
