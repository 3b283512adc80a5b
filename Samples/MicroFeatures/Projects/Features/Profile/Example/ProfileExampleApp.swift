import Profile
import UIKit

@main
final class ProfileExampleAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = ProfileBuilder().makeProfile(userID: "example")
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
