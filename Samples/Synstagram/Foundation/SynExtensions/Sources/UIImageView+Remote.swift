import Kingfisher
import UIKit

extension UIImageView {
    /// Loads an image from the network with a fade, cancelling the previous load.
    public func setRemoteImage(_ url: URL?, placeholder: UIImage? = nil) {
        kf.cancelDownloadTask()
        kf.setImage(with: url, placeholder: placeholder, options: [.transition(.fade(0.2)), .cacheOriginalImage])
    }
}
