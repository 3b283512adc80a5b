public final class DIContainer {
    public static let shared = DIContainer()
    var values: [String: Any] = [:]
    private init() {}
}
