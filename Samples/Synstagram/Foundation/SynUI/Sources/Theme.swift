import UIKit

/// Colors and fonts of the design system; scenes never hard-code either.
public enum Theme {
    public static var accent: UIColor { UIColor(named: "Accent", in: .synUI, compatibleWith: nil) ?? .systemPink }
    public static var background: UIColor { .systemBackground }
    public static var secondaryText: UIColor { .secondaryLabel }

    public static func title() -> UIFont { .preferredFont(forTextStyle: .title2) }
    public static func body() -> UIFont { .preferredFont(forTextStyle: .body) }

    /// Applies the navigation bar appearance once, at launch.
    public static func applyAppearance() {
        let appearance = UINavigationBarAppearance()
        appearance.configureWithDefaultBackground()
        appearance.titleTextAttributes = [.foregroundColor: UIColor.label]
        UINavigationBar.appearance().standardAppearance = appearance
        UINavigationBar.appearance().tintColor = accent
    }
}
