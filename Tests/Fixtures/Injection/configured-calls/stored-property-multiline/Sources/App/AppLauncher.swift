import Accounts
import Cards
import DI

public struct AppLauncher {
    let container: Container

    public init(container: Container = .shared) {
        self.container = container
    }

    public func launch() {
        container.regist(
            injectType: CardItem.self
        )
        container.regist(
            injectType: AccountItem.self
        )
    }

    func home() -> CardInject? {
        container.load(
            for: InjectIdentifier.card
        )?.resolve() as? CardInject
    }
}
