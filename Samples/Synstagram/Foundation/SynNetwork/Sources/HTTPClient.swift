import Foundation

/// Sends endpoints and decodes their responses; mocked in scene tests.
public protocol HTTPClient: Sendable {
    func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response
}

/// The production client: URLSession, a bearer token when there is one, JSON in and out.
public final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
    private let baseURL: URL
    private let session: URLSession
    private let decoder: JSONDecoder
    public var token: String?

    public init(baseURL: URL, session: URLSession = .shared, decoder: JSONDecoder = JSONDecoder()) {
        self.baseURL = baseURL
        self.session = session
        self.decoder = decoder
    }

    public func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response {
        var headers = ["Accept": "application/json", "Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let (data, response) = try await session.data(for: endpoint.request(baseURL: baseURL, headers: headers))
        guard let http = response as? HTTPURLResponse else { throw NetworkError.notHTTP }
        guard (200..<300).contains(http.statusCode) else {
            throw http.statusCode == 401 ? NetworkError.unauthorized : NetworkError.status(http.statusCode, data)
        }
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            throw NetworkError.decoding(error)
        }
    }
}
