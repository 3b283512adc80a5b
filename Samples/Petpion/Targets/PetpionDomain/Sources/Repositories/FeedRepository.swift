public protocol FeedRepository {
    func fetchFeed(page: Int) async throws -> [PetPost]
    func like(_ post: PetPost) async throws
}
