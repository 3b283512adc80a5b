import Foundation

/// The app-wide registry of feature entry points, keyed by inject id.
///
/// Features never import each other: each registers an `InjectItem` here (the app does it at
/// launch) and loads the others' by id. Hand-written on purpose: `regist` and `load` are this
/// team's names for what DI libraries call register and resolve.
public final class Container: @unchecked Sendable {
    public static let shared = Container()

    private let lock = NSLock()
    private var items: [String: InjectItem.Type] = [:]

    public init() {}

    /// Registers the item type under its `injectId`; a later registration replaces it.
    public func regist(injectType: InjectItem.Type) {
        lock.lock()
        defer { lock.unlock() }
        items[injectType.injectId] = injectType
    }

    /// A fresh item for the id, or nil when no feature registered one (a missing `regist`
    /// call at launch).
    public func load(for injectId: String) -> InjectItem? {
        lock.lock()
        defer { lock.unlock() }
        return items[injectId].map { $0.init() }
    }
}
