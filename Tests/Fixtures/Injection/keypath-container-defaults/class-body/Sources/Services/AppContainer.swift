import Foundation

public protocol ServiceType { func text() -> String }
struct LiveService: ServiceType { func text() -> String { "live" } }
struct CachedService: ServiceType { func text() -> String { "cached" } }
public struct MockService: ServiceType {
    public init() {}
    public func text() -> String { "mock" }
}

/// Services by key path; a registration replaces the property's own value.
public final class AppContainer {
    public static let shared = AppContainer()

    private var registrations: [AnyKeyPath: Any] = [:]
    private let lock = NSLock()

    public var service1: ServiceType {
        get { LiveService() }
    }
    public lazy var service2: ServiceType = CachedService()
    public var service3: ServiceType { LiveService() }

    public func register<T>(_ keyPath: KeyPath<AppContainer, T>, factory: @escaping () -> T) {
        lock.lock()
        defer { lock.unlock() }
        registrations[keyPath] = factory
    }

    public func resolve<T>(_ keyPath: KeyPath<AppContainer, T>) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let make = registrations[keyPath] as? () -> T else {
            return self[keyPath: keyPath]
        }
        return make()
    }
}
