import UIKit

/// What a screen shows while its content is missing.
public enum LoadingState: Equatable {
    case loading
    case failed(message: String)
    case loaded
}

/// A spinner, or an error message with a retry button.
public final class LoadingStateView: UIView {
    private let spinner = UIActivityIndicatorView(style: .large)
    private let message = UILabel()
    private let retry = PrimaryButton(title: NSLocalizedString("retry", bundle: .synUI, comment: ""))
    public var onRetry: (() -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        let stack = UIStackView(arrangedSubviews: [spinner, message, retry])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
        message.font = Theme.body()
        message.textColor = Theme.secondaryText
        retry.addAction(UIAction { [weak self] _ in self?.onRetry?() }, for: .touchUpInside)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    public func show(_ state: LoadingState) {
        isHidden = state == .loaded
        spinner.isHidden = state != .loading
        if state == .loading { spinner.startAnimating() } else { spinner.stopAnimating() }
        if case .failed(let text) = state {
            message.text = text
            message.isHidden = false
            retry.isHidden = false
        } else {
            message.isHidden = true
            retry.isHidden = true
        }
    }
}
