import Foundation
import PetpionCore
import PetpionDomain

final class DefaultFeedRepository: FeedRepository {
    private let client: APIClient
    private let cache: ImageCache

    init(client: APIClient, cache: ImageCache) {
        self.client = client
        self.cache = cache
    }

    func fetchFeed(page: Int) async throws -> [PetPost] {
        try await client.get("feed?page=\(page)", as: [PetPostDTO].self).compactMap(\.entity)
    }

    func like(_ post: PetPost) async throws {
        try await client.post("posts/\(post.id)/likes", body: [:])
    }
}
