import Foundation
import PetpionDomain

public final class FeedViewModel {
    private let feedUseCase: FeedUseCase
    private(set) var posts: [PetPost] = []
    private var page = 0

    public init(feedUseCase: FeedUseCase) {
        self.feedUseCase = feedUseCase
    }

    func loadNextPage() async throws {
        posts += try await feedUseCase.loadPage(page)
        page += 1
    }

    func like(at index: Int) async throws {
        posts[index] = try await feedUseCase.toggleLike(on: posts[index])
    }
}
