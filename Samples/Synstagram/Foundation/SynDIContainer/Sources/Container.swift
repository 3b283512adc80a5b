import Foundation

/// Maps each interface to the item that makes it. One per process, in theory.
public final class Container: @unchecked Sendable {
    public static let shared = Container()

    private var factories: [ObjectIdentifier: () -> Any] = [:]
    private let lock = NSLock()

    public init() {}

    /// Makes `Item.Interface` resolvable; a second registration replaces the first.
    public func register<Item: DependencyItem>(type: Item.Type) {
        lock.lock()
        defer { lock.unlock() }
        factories[ObjectIdentifier(Item.Interface.self)] = { Item.make() }
    }

    /// A new instance of the registered implementation, or nil when nothing registered it.
    public func resolve<Interface>(_ interface: Interface.Type) -> Interface? {
        lock.lock()
        let factory = factories[ObjectIdentifier(interface)]
        lock.unlock()
        return factory?() as? Interface
    }

    /// Forgets every registration (tests).
    public func reset() {
        lock.lock()
        factories.removeAll()
        lock.unlock()
    }
}
