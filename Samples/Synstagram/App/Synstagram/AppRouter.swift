import SynDependencies
import UIKit

/// Shows scenes in the window's navigation controller.
final class AppRouter: SceneRouting {
    let navigation = UINavigationController()

    func show(_ viewController: UIViewController) {
        navigation.pushViewController(viewController, animated: true)
    }

    func replaceRoot(with viewController: UIViewController) {
        navigation.setViewControllers([viewController], animated: true)
    }
}
