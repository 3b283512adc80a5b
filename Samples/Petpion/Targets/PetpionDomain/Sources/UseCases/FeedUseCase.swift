public protocol FeedUseCase {
    func loadPage(_ page: Int) async throws -> [PetPost]
    func toggleLike(on post: PetPost) async throws -> PetPost
}

public final class DefaultFeedUseCase: FeedUseCase {
    private let repository: FeedRepository

    public init(repository: FeedRepository) {
        self.repository = repository
    }

    public func loadPage(_ page: Int) async throws -> [PetPost] {
        try await repository.fetchFeed(page: page)
    }

    public func toggleLike(on post: PetPost) async throws -> PetPost {
        try await repository.like(post)
        var liked = post
        liked.likeCount += 1
        return liked
    }
}
