import DI

public struct AccountItem {
    public init() {}
    public func accounts() -> [String] { ["checking"] }
}

final class AccountScreen {
    func cards() -> [String] {
        let container = Container.shared
        guard let item = container.load(for: InjectIdentifier.card),
              let cards = item.resolve() as? CardInject else { return [] }
        return cards.cards()
    }

    // Nothing registers a transfer item: load returns nil.
    func transfer() {
        let container = Container.shared
        let transfer = container.load(for: InjectIdentifier.transfer)?.resolve() as? TransferInject
        transfer?.transfer(10)
    }
}
