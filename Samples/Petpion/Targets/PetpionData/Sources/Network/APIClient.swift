import Foundation
import PetpionCore

/// Talks to the Petpion backend; one instance for the app (see `DataDIContainer`).
final class APIClient {
    private let session: URLSession
    private let logger: Logging
    private let baseURL = URL(string: "https://api.petpion.app/v1")!

    init(session: URLSession, logger: Logging) {
        self.session = session
        self.logger = logger
    }

    func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response {
        logger.log("GET \(path)", level: .debug)
        let (data, _) = try await session.data(from: baseURL.appendingPathComponent(path))
        return try JSONDecoder().decode(Response.self, from: data)
    }

    func post(_ path: String, body: [String: String]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(body)
        _ = try await session.data(for: request)
    }
}
