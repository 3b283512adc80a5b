public extension DIContainer {
    func register<T>(_ type: T.Type, _ value: T) {
        let key = String(describing: type)
        values[key] = value
    }

    func resolve<T>(_ type: T.Type) -> T {
        let key = String(describing: type)
        if let value = values[key] as? T {
            return value
        }
        preconditionFailure("\(key) is not registered")
    }
}
