public final class DIContainer {
    public static let shared = DIContainer()
    private var factories: [String: () -> Any] = [:]
    private init() {}

    public func register<T>(_ type: T.Type, _ factory: @escaping () -> T) {
        let key = "\(T.self)"
        factories[key] = factory
    }

    public func resolve<T>() -> T {
        let key = "\(T.self)"
        guard let factory = factories[key], let value = factory() as? T else {
            preconditionFailure("\(key) is not registered")
        }
        return value
    }
}
