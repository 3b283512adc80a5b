import Accounts
import Cards
import DI

public enum AppLauncher {
    public static func launch() {
        let container = Container.shared
        container.regist(injectType: CardItem.self)
        container.regist(injectType: AccountItem.self)
    }

    static func home() -> CardInject? {
        let container = Container.shared
        return container.load(for: CardItem.injectId)?.resolve() as? CardInject
    }
}
