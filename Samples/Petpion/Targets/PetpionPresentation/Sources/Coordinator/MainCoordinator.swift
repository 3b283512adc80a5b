import PetpionCore
import UIKit

/// Registered as `Coordinator` under the name "MainCoordinator" (see `PresentationDIContainer`).
public final class MainCoordinator: Coordinator {
    public let navigationController: UINavigationController

    public init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        let viewModel = DIContainer.shared.resolve(LoginViewModel.self)!
        let login = LoginViewController(viewModel: viewModel)
        login.onLoggedIn = { [weak self] in self?.showFeed() }
        navigationController.setViewControllers([login], animated: false)
    }

    func showFeed() {
        let feed = FeedViewController(viewModel: DIContainer.shared.resolve(FeedViewModel.self)!)
        feed.onProfileTapped = { [weak self] in self?.showProfile() }
        navigationController.setViewControllers([feed], animated: true)
    }

    func showProfile() {
        // Nothing registers ProfileViewModel: this force-unwrap crashes the first time a user
        // opens a profile.
        let profile = ProfileViewController(viewModel: DIContainer.shared.resolve(ProfileViewModel.self)!)
        navigationController.pushViewController(profile, animated: true)
    }

    func showSettings() {
        DIContainer.shared.resolve(Coordinator.self, name: "SettingsCoordinator")!.start()
    }

    func showUpload() {
        DIContainer.shared.resolve(Coordinator.self, name: Route.upload.coordinatorName)!.start()
    }

    func showProfileFlow() {
        // No route's coordinator is named "ProfileCoordinator" (`Route` has feed, upload and
        // settings): this force-unwrap crashes.
        DIContainer.shared.resolve(Coordinator.self, name: "ProfileCoordinator")!.start()
    }
}
