import UIKit

private final class BundleToken {}

extension Bundle {
    /// The `SynUI.bundle` resource bundle CocoaPods builds from `resource_bundles`.
    static let synUI: Bundle = {
        let host = Bundle(for: BundleToken.self)
        guard let url = host.url(forResource: "SynUI", withExtension: "bundle"), let bundle = Bundle(url: url) else {
            return host
        }
        return bundle
    }()
}
