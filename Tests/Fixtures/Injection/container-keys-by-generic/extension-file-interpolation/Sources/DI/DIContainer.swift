public final class DIContainer {
    public static let shared = DIContainer()
    var factories: [String: () -> Any] = [:]
    private init() {}
}
