public extension DIContainer {
    func register<T>(_ type: T.Type, _ factory: @escaping () -> T) {
        let key = String(describing: T.self)
        factories[key] = factory
    }

    func resolve<T>() -> T {
        let key = String(describing: T.self)
        guard let factory = factories[key] else {
            preconditionFailure("\(key) is not registered")
        }
        return factory() as! T
    }
}
