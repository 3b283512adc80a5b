import UIKit

final class LoginViewController: UIViewController {
    private let viewModel: LoginViewModel
    private let emailField = UITextField()
    private let passwordField = UITextField()
    var onLoggedIn: (() -> Void)?

    init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    @objc private func loginTapped() {
        Task { @MainActor in
            if await viewModel.login(email: emailField.text ?? "", password: passwordField.text ?? "") {
                onLoggedIn?()
            }
        }
    }
}
