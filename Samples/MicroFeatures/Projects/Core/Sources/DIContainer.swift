import Foundation

/// The workspace's service locator: the app registers implementations of the feature
/// interfaces, features resolve them.
///
/// Core is a static framework. Each image that links it (the app, Search, Profile) gets its own
/// copy of this class and so its own `shared`: what the app registers, the features never see.
public final class DIContainer {
    public static let shared = DIContainer()

    private var factories: [ObjectIdentifier: () -> Any] = [:]
    private let lock = NSLock()

    private init() {}

    public func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
        lock.lock()
        defer { lock.unlock() }
        factories[ObjectIdentifier(type)] = factory
    }

    public func resolve<Service>(_ type: Service.Type) -> Service? {
        lock.lock()
        defer { lock.unlock() }
        return factories[ObjectIdentifier(type)]?() as? Service
    }
}
