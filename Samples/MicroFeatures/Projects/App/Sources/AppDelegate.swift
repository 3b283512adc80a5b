import Core
import Profile
import ProfileInterface
import Search
import SearchInterface
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Registers into the app's copy of Core's DIContainer; Search and Profile each link
        // their own copy, so their resolutions find nothing.
        DIContainer.shared.register(SearchBuilding.self) { SearchBuilder() }
        DIContainer.shared.register(ProfileBuilding.self) { ProfileBuilder() }

        let search = DIContainer.shared.resolve(SearchBuilding.self)!
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: search.makeSearch(initialQuery: nil))
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
