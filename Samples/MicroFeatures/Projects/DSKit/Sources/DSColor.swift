import UIKit

public enum DSColor {
    public static let accent = UIColor(named: "Accent", in: .module, compatibleWith: nil) ?? .systemIndigo
    public static let background = UIColor.systemBackground
    public static let secondaryText = UIColor.secondaryLabel
}

private extension Bundle {
    static let module = Bundle(for: RemoteImageView.self)
}
