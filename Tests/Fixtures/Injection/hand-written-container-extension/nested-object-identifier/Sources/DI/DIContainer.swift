extension Core.DI {
    public final class DIContainer {
        public static let shared = DIContainer()
        private var factories: [ObjectIdentifier: () -> Any] = [:]

        public func register<T>(_ type: T.Type, _ factory: @escaping () -> T) {
            factories[ObjectIdentifier(T.self)] = factory
        }

        public func resolve<T>() -> T {
            factories[ObjectIdentifier(T.self)]!() as! T
        }
    }
}
