extension DIContainer {
    public func register<T>(interface: T, implement: @escaping () -> Any) {
        factories["\(T.self)"] = implement
    }

    public func resolve<T>() -> T {
        if let factory = factories["\(type(of: T.self))"], let value = factory() as? T {
            return value
        }
        fatalError("not registered: \(T.self)")
    }
}
