public final class ContainerManager {
    public var registrations: [String: Any] = [:]
    public init() {}
}

public protocol ManagedContainer: AnyObject {
    var manager: ContainerManager { get }
}

public protocol SharedContainer: ManagedContainer {
    static var shared: Self { get }
}

public final class Container: SharedContainer {
    public static let shared = Container()
    public let manager = ContainerManager()
    public init() {}
}

extension ManagedContainer {
    public func callAsFunction<T>(key: String = #function, _ factory: @escaping () -> T) -> Factory<T> {
        Factory(self, key: key, factory)
    }
}
public protocol Resolving: ManagedContainer {
    func register<T>(_ type: T.Type, factory: @escaping () -> T) -> Factory<T>
    func resolve<T>(_ type: T.Type) -> T?
}

extension Resolving {
    @discardableResult
    public func register<T>(_ type: T.Type = T.self, factory: @escaping () -> T) -> Factory<T> {
        Factory(self, key: "\(T.self)", factory).register(factory: factory)
    }

    public func factory<T>(_ type: T.Type = T.self) -> Factory<T>? {
        manager.registrations["\(T.self)"] == nil ? nil : Factory(self, key: "\(T.self)") { fatalError() }
    }

    public func resolve<T>(_ type: T.Type = T.self) -> T? {
        factory(type)?.resolve()
    }
}
