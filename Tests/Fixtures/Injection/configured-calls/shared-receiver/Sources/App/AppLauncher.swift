import Accounts
import Cards
import DI

public enum AppLauncher {
    public static func launch() {
        Container.shared.regist(injectType: CardItem.self)
        Container.shared.regist(injectType: AccountItem.self)
    }

    static func home() -> CardInject? {
        Container.shared.load(for: CardItem.injectId)?.resolve() as? CardInject
    }
}
