// Our own stand-in for a DI library kept in one file, with Factory 1's shape: an open class
// `SharedContainer`, `Container` its subclass.

public struct Factory<T> {
    private let key: String
    private let make: () -> T

    public init(_ container: SharedContainer, key: String = #function, factory: @escaping () -> T) {
        self.key = key
        self.make = factory
    }

    public func callAsFunction() -> T {
        (SharedContainer.registrations[key] as? () -> T)?() ?? make()
    }

    public func register(factory: @escaping () -> T) {
        SharedContainer.registrations[key] = factory
    }
}

open class SharedContainer {
    nonisolated(unsafe) static var registrations: [String: Any] = [:]

    public init() {}

    public func callAsFunction<T>(key: String = #function, _ factory: @escaping () -> T) -> Factory<T> {
        Factory(self, key: key, factory: factory)
    }
}

public final class Container: SharedContainer {
    nonisolated(unsafe) public static let shared = Container()
}

@propertyWrapper public struct Injected<T> {
    private var dependency: T
    private let keyPath: KeyPath<Container, Factory<T>>

    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.keyPath = keyPath
        self.dependency = Container.shared[keyPath: keyPath]()
    }

    public var wrappedValue: T {
        get { dependency }
        mutating set { dependency = newValue }
    }

    public var factory: Factory<T> { Container.shared[keyPath: keyPath] }

    public mutating func resolve() {
        dependency = factory()
    }
}

@propertyWrapper public struct LazyInjected<T> {
    private let keyPath: KeyPath<Container, Factory<T>>

    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: T {
        Injected(keyPath).wrappedValue
    }
}
