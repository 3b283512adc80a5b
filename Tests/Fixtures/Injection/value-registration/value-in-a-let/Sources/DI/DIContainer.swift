public final class DIContainer {
    public static let shared = DIContainer()
    private var values: [String: Any] = [:]
    private init() {}

    public func register<T>(_ type: T.Type, _ value: T) {
        values["\(type)"] = value
    }

    public func resolve<T>(_ type: T.Type) -> T {
        values["\(type)"]! as! T
    }
}
