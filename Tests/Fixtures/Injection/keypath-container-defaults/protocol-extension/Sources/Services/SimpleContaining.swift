import Foundation

public protocol SimpleContaining: AnyObject {
    var registrations: [ObjectIdentifier: () -> Any] { get set }
}

extension SimpleContaining {
    public func resolve<T>(_ keyPath: KeyPath<Self, T>) -> T {
        let id = ObjectIdentifier(keyPath)
        if let factory = registrations[id], let instance = factory() as? T {
            return instance
        }
        return self[keyPath: keyPath]
    }

    public func register<T>(_ keyPath: KeyPath<Self, T>, _ factory: @escaping () -> T) {
        let id = ObjectIdentifier(keyPath)
        registrations[id] = factory
    }
}

public final class SimpleContainer: SimpleContaining {
    public static let shared = SimpleContainer()
    public var registrations: [ObjectIdentifier: () -> Any] = [:]
}
