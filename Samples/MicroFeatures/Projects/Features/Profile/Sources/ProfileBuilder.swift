import ProfileInterface
import UIKit

public struct ProfileBuilder: ProfileBuilding {
    public init() {}

    public func makeProfile(userID: String) -> UIViewController {
        ProfileViewController(userID: userID)
    }
}
