import Foundation

public final class DIContainer {
    public static let shared = DIContainer()
    var dependencies: [String: Any] = [:]
    private let lock = NSLock()
    private init() {}

    func withLock<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
