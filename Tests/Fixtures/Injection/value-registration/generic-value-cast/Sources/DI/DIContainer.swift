public final class DIContainer {
    public static let shared = DIContainer()

    private var dependencies = [String: Any]()

    private init() {}

    public func register<T>(_ dependency: T) {
        let key = String(describing: type(of: T.self))
        dependencies[key] = dependency
    }

    public func resolve<T>() -> T {
        let key = String(describing: type(of: T.self))
        let dependency = dependencies[key]

        precondition(dependency != nil, "\(key) is not registered: register it first")

        return dependency as! T
    }
}
