@propertyWrapper
public struct Injected<T> {
    public let wrappedValue: T

    public init() {
        self.wrappedValue = Core.DI.DIContainer.shared.resolve()
    }
}
