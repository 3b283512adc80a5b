import DI

public struct CardItem: InjectItem, CardInject {
    public static let injectId = InjectIdentifier.card
    public init() {}
    public func resolve() -> Any { self }
    public func cards() -> [String] { ["visa"] }
}

final class CardScreen {
    func debitAccounts() -> [String] {
        let accounts = Container.shared.load(for: InjectIdentifier.account)?.resolve() as? AccountInject
        return accounts?.accounts() ?? []
    }
}
