import SynAPIService
import SynDIContainer
import SynDependencies
import UIKit

/// LoginScene's implementation of `LoginDependency`; the app registers it with
/// `Container.shared.register(type: LoginDependencyItem.self)`.
public struct LoginDependencyItem: DependencyItem {
    public typealias Interface = LoginDependency

    public static func make() -> LoginDependency { LoginScreenFactory() }
}

private struct LoginScreenFactory: LoginDependency {
    @Injectable private var service: AuthService

    func makeLoginViewController(router: SceneRouting, onLoggedIn: @escaping (Session) -> Void) -> UIViewController {
        var factory = self
        let viewModel = LoginViewModel(service: factory.service)
        return LoginViewController(viewModel: viewModel, router: router, onLoggedIn: onLoggedIn)
    }
}
