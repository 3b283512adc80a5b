import ThirdPartyLibs
import UIKit

/// An image view that loads and caches its image from a URL.
public final class RemoteImageView: UIImageView {
    public func load(_ url: URL?, placeholder: UIImage? = nil) {
        kf.setImage(with: url, placeholder: placeholder, options: [.transition(.fade(0.2))])
    }

    public func cancel() {
        kf.cancelDownloadTask()
    }
}
