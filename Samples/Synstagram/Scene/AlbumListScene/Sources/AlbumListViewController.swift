import SynDIContainer
import SynDependencies
import SynUI
import UIKit

/// A grid of albums. When the session expires it opens the login screen through
/// `LoginDependency`.
final class AlbumListViewController: UIViewController, UICollectionViewDataSource {
    private let viewModel: AlbumListViewModel
    private weak var router: SceneRouting?
    @Injectable private var login: LoginDependency

    private var albums: [AlbumListViewModel.Album] = []
    private let loadingView = LoadingStateView()
    private lazy var grid: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 160, height: 200)
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()

    init(viewModel: AlbumListViewModel, router: SceneRouting) {
        self.viewModel = viewModel
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Albums"
        view.backgroundColor = Theme.background
        grid.register(AlbumCell.self, forCellWithReuseIdentifier: AlbumCell.reuseIdentifier)
        grid.dataSource = self
        grid.frame = view.bounds
        loadingView.frame = view.bounds
        view.addSubview(grid)
        view.addSubview(loadingView)
        loadingView.onRetry = { [weak self] in self?.reload() }
        viewModel.onChange = { [weak self] state in self?.render(state) }
        reload()
    }

    private func reload() {
        Task { await viewModel.loadNextPage() }
    }

    private func render(_ state: AlbumListViewModel.State) {
        switch state {
        case .loading:
            loadingView.show(.loading)
        case .failed(let message):
            loadingView.show(.failed(message: message))
        case .loaded(let albums):
            self.albums = albums
            loadingView.show(.loaded)
            grid.reloadData()
        case .sessionExpired:
            showSessionExpired()
        }
    }

    private func showSessionExpired() {
        guard let router else { return }
        SessionExpiredBanner.show(in: view)
        router.replaceRoot(with: login.makeLoginViewController(router: router) { _ in })
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        albums.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: AlbumCell.reuseIdentifier, for: indexPath)
        (cell as? AlbumCell)?.configure(albums[indexPath.item])
        return cell
    }
}
