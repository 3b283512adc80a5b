import UIKit

/// Shows one route's flow; registered once per `Route`, under its coordinator name.
final class RouteCoordinator: Coordinator {
    let route: Route
    let navigationController: UINavigationController

    init(route: Route, navigationController: UINavigationController) {
        self.route = route
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([UIViewController()], animated: false)
    }
}
