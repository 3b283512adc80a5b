import UIKit

public final class DSButton: UIButton {
    public convenience init(title: String) {
        self.init(type: .system)
        setTitle(title, for: .normal)
        backgroundColor = DSColor.accent
        layer.cornerRadius = 12
    }
}
