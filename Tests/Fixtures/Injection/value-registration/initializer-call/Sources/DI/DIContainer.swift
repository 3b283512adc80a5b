public final class DIContainer {
    public static let shared = DIContainer()
    private var values: [String: Any] = [:]
    private init() {}

    public func register<T>(_ type: T.Type, _ value: T) {
        values[String(describing: type)] = value
    }

    public func resolve<T>(_ type: T.Type) -> T {
        guard let value = values[String(describing: type)] as? T else {
            preconditionFailure("\(type) is not registered")
        }
        return value
    }
}
