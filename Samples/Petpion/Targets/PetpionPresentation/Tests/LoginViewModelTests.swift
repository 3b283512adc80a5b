import UIKit
import XCTest
@testable import PetpionPresentation

final class LoginViewModelTests: XCTestCase {
    func testTheMainCoordinatorStartsOnItsOwnNavigationController() {
        let navigation = UINavigationController()
        let coordinator = MainCoordinator(navigationController: navigation)
        XCTAssertTrue(coordinator.navigationController === navigation)
    }
}
