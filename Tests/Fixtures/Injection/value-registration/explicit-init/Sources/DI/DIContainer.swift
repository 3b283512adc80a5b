public final class DIContainer {
    public static let shared = DIContainer()
    private var values = [ObjectIdentifier: Any]()
    private init() {}

    public func register<T>(_ type: T.Type, _ value: T) {
        values[ObjectIdentifier(type)] = value
    }

    public func resolve<T>(_ type: T.Type) -> T {
        values[ObjectIdentifier(type)] as! T
    }
}
