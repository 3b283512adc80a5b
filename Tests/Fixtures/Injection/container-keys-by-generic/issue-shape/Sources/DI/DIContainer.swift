public final class DIContainer {
    public static let shared = DIContainer()
    private var factories = [String: () -> Any]()
    private init() {}
}

public extension DIContainer {
    func register<T>(interface: T, implement: @escaping (() -> Any)) {
        let key = String(describing: T.self)
        factories[key] = implement
    }

    func resolve<T>() -> T {
        let key = String(describing: type(of: T.self))
        guard let factory = factories[key] else {
            preconditionFailure("\(key) is not registered")
        }
        return factory() as! T
    }
}

@propertyWrapper
public class Injected<T> {
    public let wrappedValue: T

    public init() {
        wrappedValue = DIContainer.shared.resolve()
    }
}
