import XCTest
@testable import PetpionDomain

private final class FeedRepositoryStub: FeedRepository {
    var liked: [String] = []

    func fetchFeed(page: Int) async throws -> [PetPost] { [] }

    func like(_ post: PetPost) async throws { liked.append(post.id) }
}

final class FeedUseCaseTests: XCTestCase {
    func testLikingIncrementsTheCount() async throws {
        let author = User(id: "u1", nickname: "mochi", profileImageURL: nil)
        let post = PetPost(id: "p1", author: author, imageURL: URL(string: "https://petpion.app/p1.jpg")!, imageAspectRatio: 1, likeCount: 3)
        let repository = FeedRepositoryStub()
        let liked = try await DefaultFeedUseCase(repository: repository).toggleLike(on: post)
        XCTAssertEqual(liked.likeCount, 4)
        XCTAssertEqual(repository.liked, ["p1"])
    }
}
