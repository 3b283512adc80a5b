import UIKit

/// Colors and type shared by every SafeBox screen.
public enum Theme {
    public static let accent = UIColor(red: 0.11, green: 0.42, blue: 0.86, alpha: 1)
    public static let danger = UIColor(red: 0.86, green: 0.2, blue: 0.18, alpha: 1)
    public static let background = UIColor.systemGroupedBackground

    public static func title() -> UIFont { .preferredFont(forTextStyle: .title2) }
    public static func amount() -> UIFont { .monospacedDigitSystemFont(ofSize: 28, weight: .semibold) }
}

/// A table cell with a title on the left and an amount or status on the right.
public final class ValueCell: UITableViewCell {
    public static let reuseIdentifier = "ValueCell"

    public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .value1, reuseIdentifier: reuseIdentifier)
        detailTextLabel?.font = .monospacedDigitSystemFont(ofSize: 17, weight: .regular)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public func show(title: String, value: String, highlighted: Bool = false) {
        textLabel?.text = title
        detailTextLabel?.text = value
        detailTextLabel?.textColor = highlighted ? Theme.danger : .secondaryLabel
    }
}
