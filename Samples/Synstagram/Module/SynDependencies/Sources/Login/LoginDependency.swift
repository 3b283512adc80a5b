import UIKit

/// Opens the login screen; implemented by the LoginScene pod.
public protocol LoginDependency {
    /// The login screen; `onLoggedIn` runs with the new session.
    func makeLoginViewController(router: SceneRouting, onLoggedIn: @escaping (Session) -> Void) -> UIViewController
}
