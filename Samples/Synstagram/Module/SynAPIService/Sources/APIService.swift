import Foundation
import SynExtensions
import SynNetwork

/// Signing in and out.
public protocol AuthService: Sendable {
    func login(email: String, password: String) async throws -> SessionDTO
    func logout() async throws
}

/// The signed-in user's albums.
public protocol AlbumService: Sendable {
    func albums(page: Int) async throws -> [AlbumDTO]
}

/// Both services over one HTTP client, which keeps the session token.
public final class DefaultAPIService: AuthService, AlbumService, @unchecked Sendable {
    private let client: URLSessionHTTPClient

    public init(client: URLSessionHTTPClient) {
        self.client = client
    }

    public func login(email: String, password: String) async throws -> SessionDTO {
        let session = try await client.send(SynstagramAPI.login(email: email.trimmed, password: password))
        client.token = session.token
        return session
    }

    public func logout() async throws {
        _ = try await client.send(SynstagramAPI.logout())
        client.token = nil
    }

    public func albums(page: Int) async throws -> [AlbumDTO] {
        try await client.send(SynstagramAPI.albums(page: page))
    }
}
