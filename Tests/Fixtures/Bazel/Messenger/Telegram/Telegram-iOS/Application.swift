import UIKit
import TelegramUI
import AccountContext

@objc(Application) final class Application: UIApplication {
    var root: ChatController?
}
