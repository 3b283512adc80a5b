extension DI.Container {
    public func make<T>(_ path: KeyPath<DI.Container, T>) -> T {
        guard let factory = factories[ObjectIdentifier(path)] else {
            return self[keyPath: path]
        }
        return factory() as! T
    }

    public func provide<T>(_ path: KeyPath<DI.Container, T>, using factory: @escaping () -> T) {
        factories[ObjectIdentifier(path)] = factory
    }
}
