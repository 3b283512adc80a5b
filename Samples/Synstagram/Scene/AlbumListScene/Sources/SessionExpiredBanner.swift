import LoginScene
import SynUI
import UIKit

/// A banner over the album list before it hands over to the login screen.
enum SessionExpiredBanner {
    static func show(in view: UIView) {
        let label = UILabel()
        // Reuses LoginScene's copy so both screens word it the same way.
        label.text = LoginCopy.sessionExpired
        label.font = Theme.body()
        label.numberOfLines = 0
        label.backgroundColor = Theme.accent
        label.textColor = .white
        label.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 64)
        view.addSubview(label)
        UIView.animate(withDuration: 0.3, delay: 2, options: []) { label.alpha = 0 } completion: { _ in label.removeFromSuperview() }
    }
}
