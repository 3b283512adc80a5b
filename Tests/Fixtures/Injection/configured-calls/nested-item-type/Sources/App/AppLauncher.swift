import Accounts
import Cards
import DI

public enum AppLauncher {
    public static func launch() {
        Container.shared.regist(injectType: CardFeature.Entry.CardItem.self)
        Container.shared.regist(injectType: AccountFeature.AccountItem.self)
    }

    static func home() -> CardInject? {
        Container.shared.load(for: CardFeature.Entry.CardItem.injectId)?.resolve() as? CardInject
    }
}
