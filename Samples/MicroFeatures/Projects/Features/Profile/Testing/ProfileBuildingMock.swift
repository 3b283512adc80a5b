import ProfileInterface
import UIKit

public final class ProfileBuildingMock: ProfileBuilding {
    public private(set) var shownUserIDs: [String] = []

    public init() {}

    public func makeProfile(userID: String) -> UIViewController {
        shownUserIDs.append(userID)
        let controller = UIViewController()
        controller.title = "Profile \(userID)"
        return controller
    }
}
