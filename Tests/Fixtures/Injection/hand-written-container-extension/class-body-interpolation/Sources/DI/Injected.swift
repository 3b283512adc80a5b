@propertyWrapper
public struct Injected<T> {
    private var value: T

    public init() {
        let resolved: T = DIContainer.shared.resolve()
        value = resolved
    }

    public var wrappedValue: T {
        get { value }
        set { value = newValue }
    }
}
