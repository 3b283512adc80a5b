import UIKit

/// How a scene asks for another screen without knowing where it will be shown.
public protocol SceneRouting: AnyObject {
    func show(_ viewController: UIViewController)
    func replaceRoot(with viewController: UIViewController)
}
