import UIKit

/// Opens the album list; implemented by the AlbumListScene pod.
public protocol AlbumListDependency {
    func makeAlbumListViewController(session: Session, router: SceneRouting) -> UIViewController
}
