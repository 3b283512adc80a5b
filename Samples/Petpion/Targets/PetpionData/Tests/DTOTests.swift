import XCTest
@testable import PetpionData

final class DTOTests: XCTestCase {
    func testAPostWithABadImageURLIsDropped() {
        let author = UserDTO(id: "u1", nickname: "mochi", profileImage: nil)
        let post = PetPostDTO(id: "p1", author: author, imageURL: "", ratio: 1, likes: 0)
        XCTAssertNil(post.entity)
    }
}
