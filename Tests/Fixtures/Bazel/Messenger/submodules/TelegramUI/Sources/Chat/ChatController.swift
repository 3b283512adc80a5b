import Foundation
import AccountContext
import Display
import Postbox
import BuildConfig

public final class ChatController: ViewController {
    public let context: AccountContext
    public init(context: AccountContext) {
        self.context = context
        _ = BuildConfig.shared()
        super.init()
    }
}
