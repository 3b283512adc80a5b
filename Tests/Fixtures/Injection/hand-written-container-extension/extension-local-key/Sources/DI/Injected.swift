@propertyWrapper
public struct Injected<T> {
    public let wrappedValue: T

    public init() {
        wrappedValue = DIContainer.shared.resolve()
    }
}
