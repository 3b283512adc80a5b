public final class DIContainer {
    public static let shared = DIContainer()
    fileprivate var factories = [String: () -> Any]()
    private init() {}
}

extension DIContainer {
    private func key<T>(_: T.Type) -> String { "\(T.self)" }

    public func register<T>(_ type: T.Type, _ factory: @escaping () -> T) {
        factories[key(T.self)] = factory
    }

    public func resolve<T>() -> T {
        if let factory = factories[key(T.self)] {
            return factory() as! T
        }
        preconditionFailure("\(T.self) is not registered")
    }
}
