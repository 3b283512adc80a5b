import PetpionCore
import PetpionPresentation
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene,
            let coordinator = DIContainer.shared.resolve(Coordinator.self, name: "MainCoordinator")
        else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = coordinator.navigationController
        window.makeKeyAndVisible()
        self.window = window
        coordinator.start()
    }
}
