extension ManagedContainer {
    public func callAsFunction<T>(key: String = #function, _ factory: @escaping () -> T) -> Factory<T> {
        Factory(self, key: key, factory)
    }
}

extension Container {
    /// Replaces what a key path's factory makes.
    public func register<T>(_ keyPath: KeyPath<Container, Factory<T>>, factory: @escaping () -> T) {
        self[keyPath: keyPath].register(factory: factory)
    }
}
