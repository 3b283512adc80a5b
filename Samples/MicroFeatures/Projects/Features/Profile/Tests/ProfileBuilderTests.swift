import ProfileTesting
import XCTest
@testable import Profile

final class ProfileBuilderTests: XCTestCase {
    func testTheProfileShowsTheRequestedUser() {
        let controller = ProfileBuilder().makeProfile(userID: "u42") as? ProfileViewController
        XCTAssertEqual(controller?.userID, "u42")
        XCTAssertTrue(ProfileBuildingMock().shownUserIDs.isEmpty)
    }
}
