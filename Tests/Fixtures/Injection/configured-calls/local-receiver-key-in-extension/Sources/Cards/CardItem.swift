import DI

public struct CardItem {
    public init() {}
    public func cards() -> [String] { ["visa"] }
}

final class CardScreen {
    func debitAccounts() -> [String] {
        let container = Container.shared
        guard let item = container.load(for: InjectIdentifier.account),
              let accounts = item.resolve() as? AccountInject else { return [] }
        return accounts.accounts()
    }
}
