extension DIContainer {
    /// The key a service is stored under.
    static func key(_ type: Any.Type) -> String {
        let name = describe(type)
        return name
    }

    private static func describe(_ type: Any.Type) -> String {
        String(describing: type)
    }
}
