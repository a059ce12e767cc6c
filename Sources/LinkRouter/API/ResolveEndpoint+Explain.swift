extension APIResponder {
    /// `explain`: filled in once the matcher can explain itself.
    static func explanation(_ url: String, _ config: LoadedConfig) -> JSONValue { .array([]) }
}
