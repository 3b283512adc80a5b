import Core
import Foundation
import SearchInterface

final class SearchViewModel {
    private let client: APIClient
    private(set) var query: String
    private(set) var results: [SearchResult] = []

    init(query: String, client: APIClient = .production) {
        self.query = query
        self.client = client
    }

    func search(_ text: String) async throws {
        query = text
        results = try await client.get("search/users", query: ["q": text])
    }
}
