import UIKit

final class BusCollectionViewCell: UICollectionViewCell {
    static let identifier = "BusCollectionViewCell"
}

final class UserViewController: UIViewController {
    let viewModel: UserViewModel
    private let busCollectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

    init(viewModel: UserViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        // A cell registration, not DI.
        busCollectionView.register(BusCollectionViewCell.self, forCellWithReuseIdentifier: BusCollectionViewCell.identifier)
    }
}
