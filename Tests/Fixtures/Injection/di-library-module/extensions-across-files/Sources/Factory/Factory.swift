// Our own stand-in for a vendored DI library with Factory's API shape.

public struct Factory<T> {
    let container: ManagedContainer
    let key: String
    let make: () -> T

    public init(_ container: ManagedContainer, key: String = #function, _ factory: @escaping () -> T) {
        self.container = container
        self.key = key
        self.make = factory
    }

    public func callAsFunction() -> T { resolve() }

    public func resolve() -> T {
        (container.manager.registrations[key] as? () -> T)?() ?? make()
    }

    @discardableResult
    public func register(factory: @escaping () -> T) -> Factory<T> {
        container.manager.registrations[key] = factory
        return self
    }

    public var singleton: Factory<T> { self }
}
