@propertyWrapper
public struct Injected<T> {
    private var value: T

    public init() {
        value = DIContainer.shared.resolve()
    }

    public var wrappedValue: T {
        get { value }
        set { value = newValue }
    }
}
