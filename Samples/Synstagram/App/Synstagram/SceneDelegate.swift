import SynDIContainer
import SynDependencies
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let router = AppRouter()
    @Injectable private var login: LoginDependency

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        router.replaceRoot(with: login.makeLoginViewController(router: router) { _ in })
        window.rootViewController = router.navigation
        window.makeKeyAndVisible()
        self.window = window
    }
}
