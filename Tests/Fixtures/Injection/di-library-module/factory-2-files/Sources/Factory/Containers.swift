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
