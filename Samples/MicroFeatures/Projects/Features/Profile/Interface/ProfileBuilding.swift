import UIKit

public protocol ProfileBuilding {
    func makeProfile(userID: String) -> UIViewController
}
