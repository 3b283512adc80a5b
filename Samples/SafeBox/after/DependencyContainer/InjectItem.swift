/// A feature's entry point as the container stores it: a type with an id that makes the
/// object implementing the feature's inject protocol.
public protocol InjectItem {
    static var injectId: String { get }
    init()
    /// The object to cast to the feature's inject protocol (`ManagementCardInject`, ...).
    func resolve() -> Any
}

/// One string id per inject protocol, shared by the feature that registers it and the
/// features that load it.
public enum InjectIdentifier {
    public static let managementCard = "ManagementCardInject"
    public static let depositAccount = "DepositAccountInject"
}
