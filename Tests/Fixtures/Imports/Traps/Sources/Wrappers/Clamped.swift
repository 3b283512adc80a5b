@propertyWrapper
public struct Clamped {
    private var value: Int
    public init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    public var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
    }
}
