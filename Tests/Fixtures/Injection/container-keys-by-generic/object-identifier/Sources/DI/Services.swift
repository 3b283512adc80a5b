public enum Services {}

extension Services {
    public final class Container {
        public static let shared = Container()
        private var factories: [ObjectIdentifier: () -> Any] = [:]

        public func register<T>(interface: T, _ implement: @escaping () -> Any) {
            let key = ObjectIdentifier(T.self)
            factories[key] = implement
        }

        public func resolve<T>() -> T {
            let key = ObjectIdentifier(type(of: T.self))
            guard let factory = factories[key], let value = factory() as? T else {
                preconditionFailure("not registered: \(T.self)")
            }
            return value
        }
    }
}

@propertyWrapper
public final class Injected<T> {
    public let wrappedValue: T

    public init() {
        let resolved: T = Services.Container.shared.resolve()
        wrappedValue = resolved
    }
}
