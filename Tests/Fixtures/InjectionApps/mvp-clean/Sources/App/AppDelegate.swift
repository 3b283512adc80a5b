import Core
import Home
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let router: AppRouter = AppRouter.instance
        router.presentModule(module: HomeModule(router: router))
        return true
    }
}
