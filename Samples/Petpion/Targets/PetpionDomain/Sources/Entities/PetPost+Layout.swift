import UIKit

// Layout belongs to the presentation layer: this UIKit import ties the domain to iOS.
extension PetPost {
    public func thumbnailSize(fittingWidth width: CGFloat) -> CGSize {
        CGSize(width: width, height: width / CGFloat(imageAspectRatio))
    }
}
