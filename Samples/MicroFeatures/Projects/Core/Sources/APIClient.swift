import Foundation
import ThirdPartyLibs

/// The HTTP client the features share.
public final class APIClient {
    public static let production = APIClient(baseURL: URL(string: "https://api.microfeatures.io")!)

    private let baseURL: URL
    private let session: Session

    public init(baseURL: URL, session: Session = .default) {
        self.baseURL = baseURL
        self.session = session
    }

    public func get<Response: Decodable & Sendable>(_ path: String, query: [String: String] = [:]) async throws -> Response {
        try await session.request(baseURL.appendingPathComponent(path), parameters: query)
            .serializingDecodable(Response.self)
            .value
    }
}
