@propertyWrapper public struct Injected<T> {
    private var thunk: () -> Factory<T>
    private var dependency: T

    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.thunk = { Container.shared[keyPath: keyPath] }
        self.dependency = Container.shared[keyPath: keyPath]()
    }

    public var wrappedValue: T {
        get { dependency }
        mutating set { dependency = newValue }
    }

    public var factory: Factory<T> {
        thunk()
    }

    public mutating func resolve() {
        dependency = factory.resolve()
    }
}

@propertyWrapper public struct InjectedType<T> {
    private var dependency: T?

    public init() {
        self.dependency = (Container.shared as? Resolving)?.resolve()
    }

    public var wrappedValue: T? {
        get { dependency }
        mutating set { dependency = newValue }
    }
}
