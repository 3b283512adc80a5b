import UIKit

/// The filled, rounded call-to-action button.
public final class PrimaryButton: UIButton {
    public init(title: String) {
        super.init(frame: .zero)
        var configuration = UIButton.Configuration.filled()
        configuration.title = title
        configuration.baseBackgroundColor = Theme.accent
        configuration.cornerStyle = .large
        self.configuration = configuration
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Dims the button and shows a spinner while a request runs.
    public var isLoading = false {
        didSet {
            configuration?.showsActivityIndicator = isLoading
            isEnabled = !isLoading
        }
    }
}
