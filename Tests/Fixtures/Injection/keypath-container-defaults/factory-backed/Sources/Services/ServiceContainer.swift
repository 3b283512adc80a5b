import Factory

/// Key paths to factories resolved and replaced through methods of the container.
public final class ServiceContainer: SharedContainer {
    public static let shared = ServiceContainer()
    public let manager = ContainerManager()

    public func resolve<T>(_ path: KeyPath<ServiceContainer, Factory<T>>) -> T {
        self[keyPath: path]()
    }

    public func register<T>(_ path: KeyPath<ServiceContainer, Factory<T>>, _ factory: @escaping () -> T) {
        self[keyPath: path].register(factory: factory)
    }
}
