import ProfileTesting
import Search
import UIKit

/// Runs the search feature alone, with a mocked profile screen.
@main
final class SearchExampleAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let profiles = ProfileBuildingMock()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: SearchBuilder().makeSearch(initialQuery: "shiba"))
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
