import DI

public struct AccountItem: InjectItem, AccountInject {
    public static let injectId = InjectIdentifier.account
    public init() {}
    public func resolve() -> Any { self }
    public func accounts() -> [String] { ["checking"] }
}

final class AccountScreen {
    func cards() -> [String] {
        let cards = Container.shared.load(for: InjectIdentifier.card)?.resolve() as? CardInject
        return cards?.cards() ?? []
    }

    // Nothing registers a transfer item: load returns nil.
    func transfer() {
        let transfer = Container.shared.load(for: InjectIdentifier.transfer)?.resolve() as? TransferInject
        transfer?.transfer(10)
    }
}
