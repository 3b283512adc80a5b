import UIKit
import Utils

public final class MainLoginViewController: UIViewController {
    let viewModel: MainLoginViewModel

    public init(viewModel: MainLoginViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

private extension MainLoginViewController {
    func userLoginSuccess() {
        Task {
            do {
                let userViewModelFactory = try await DIContainer.shared.resolve(UserViewModelFactory.self)
                let userViewController = UserViewController(viewModel: userViewModelFactory.create())
                navigationController?.pushViewController(userViewController, animated: true)
            } catch let error as DIError {
                print(error.description)
            }
        }
    }
}
