import PetpionDomain
import UIKit

final class FeedViewController: UICollectionViewController {
    private let viewModel: FeedViewModel
    var onProfileTapped: (() -> Void)?

    init(viewModel: FeedViewModel) {
        self.viewModel = viewModel
        super.init(collectionViewLayout: UICollectionViewFlowLayout())
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        viewModel.posts.count
    }

    func itemSize(for post: PetPost) -> CGSize {
        post.thumbnailSize(fittingWidth: collectionView.bounds.width / 2)
    }
}
