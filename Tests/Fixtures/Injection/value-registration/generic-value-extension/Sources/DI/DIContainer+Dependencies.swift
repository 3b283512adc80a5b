public extension DIContainer {
    /// Registers a value under its static type.
    func register<Service>(_ dependency: Service) {
        withLock {
            dependencies["\(Service.self)"] = dependency
        }
    }

    func resolve<Service>() -> Service {
        let key = String(describing: Service.self)
        guard let dependency = dependencies[key] as? Service else {
            fatalError("\(key) is not registered")
        }
        return dependency
    }
}
