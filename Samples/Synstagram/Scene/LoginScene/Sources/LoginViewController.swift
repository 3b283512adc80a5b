import SynDIContainer
import SynDependencies
import SynUI
import UIKit

/// E-mail, password, and a button; after login it opens the album list through
/// `AlbumListDependency`, without importing the scene that implements it.
final class LoginViewController: UIViewController {
    private let viewModel: LoginViewModel
    private weak var router: SceneRouting?
    private let onLoggedIn: (Session) -> Void
    @Injectable private var albumList: AlbumListDependency

    private let email = UITextField()
    private let password = UITextField()
    private let submit = PrimaryButton(title: LoginCopy.submit)

    init(viewModel: LoginViewModel, router: SceneRouting, onLoggedIn: @escaping (Session) -> Void) {
        self.viewModel = viewModel
        self.router = router
        self.onLoggedIn = onLoggedIn
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = LoginCopy.title
        view.backgroundColor = Theme.background
        email.placeholder = LoginCopy.emailPlaceholder
        password.placeholder = LoginCopy.passwordPlaceholder
        password.isSecureTextEntry = true
        let form = UIStackView(arrangedSubviews: [email, password, submit])
        form.axis = .vertical
        form.spacing = 16
        form.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(form)
        NSLayoutConstraint.activate([
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            form.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        submit.addAction(UIAction { [weak self] _ in self?.submitTapped() }, for: .touchUpInside)
        viewModel.onChange = { [weak self] state in self?.render(state) }
    }

    private func submitTapped() {
        let email = email.text ?? "", password = password.text ?? ""
        Task { await viewModel.submit(email: email, password: password) }
    }

    private func render(_ state: LoginViewModel.State) {
        submit.isLoading = state == .submitting
        if case .loggedIn(let session) = state, let router {
            onLoggedIn(session)
            router.replaceRoot(with: albumList.makeAlbumListViewController(session: session, router: router))
        }
    }
}
