import SynAPIService
import SynDIContainer
import SynDependencies
import UIKit

/// AlbumListScene's implementation of `AlbumListDependency`.
public struct AlbumListDependencyItem: DependencyItem {
    public typealias Interface = AlbumListDependency

    public static func make() -> AlbumListDependency { AlbumListScreenFactory() }
}

private struct AlbumListScreenFactory: AlbumListDependency {
    @Injectable private var service: AlbumService

    func makeAlbumListViewController(session: Session, router: SceneRouting) -> UIViewController {
        var factory = self
        return AlbumListViewController(viewModel: AlbumListViewModel(service: factory.service, session: session), router: router)
    }
}
