import SynExtensions
import SynUI
import UIKit

/// Cover, title and "updated 3 min. ago".
final class AlbumCell: UICollectionViewCell {
    static let reuseIdentifier = "AlbumCell"

    private let cover = UIImageView()
    private let title = UILabel()
    private let detail = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        cover.contentMode = .scaleAspectFill
        cover.clipsToBounds = true
        title.font = Theme.body()
        detail.font = .preferredFont(forTextStyle: .caption1)
        detail.textColor = Theme.secondaryText
        let stack = UIStackView(arrangedSubviews: [cover, title, detail])
        stack.axis = .vertical
        stack.spacing = 4
        stack.frame = contentView.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(stack)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func configure(_ album: AlbumListViewModel.Album) {
        cover.setRemoteImage(album.coverURL)
        title.text = album.title
        detail.text = "\(album.subtitle) · \(album.updatedAt.relativeDescription())"
    }
}
