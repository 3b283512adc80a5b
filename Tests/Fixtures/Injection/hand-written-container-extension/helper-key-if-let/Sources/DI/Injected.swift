@propertyWrapper
public struct Injected<T> {
    public init() {}

    public var wrappedValue: T {
        DIContainer.shared.resolve()
    }
}
