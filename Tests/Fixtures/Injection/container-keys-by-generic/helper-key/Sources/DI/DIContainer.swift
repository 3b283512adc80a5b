public final class DIContainer {
    public static let shared = DIContainer()
    private var factories: [String: () -> Any] = [:]

    public func register<T>(interface: T, implement: @escaping (() -> Any)) {
        factories[Self.key(T.self)] = implement
    }

    public func resolve<T>() -> T {
        factories[Self.key(type(of: T.self))]!() as! T
    }
}

@propertyWrapper
public struct Injected<T> {
    public var wrappedValue: T { DIContainer.shared.resolve() }

    public init() {}
}
