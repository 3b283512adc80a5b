import Foundation
import Swinject

public enum ClientName: String {
    case api
    case cdn = "cdn"
    case graphql
}


public protocol HTTPClient { func get(_ path: String) async throws -> Data }
public protocol ImageLoader { func image(named: String) async throws -> Data }

final class URLSessionHTTPClient: HTTPClient {
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }
    func get(_ path: String) async throws -> Data { Data() }
}

final class CDNHTTPClient: HTTPClient {
    func get(_ path: String) async throws -> Data { Data() }
}

final class RemoteImageLoader: ImageLoader {
    let client: HTTPClient
    init(client: HTTPClient) { self.client = client }
    func image(named: String) async throws -> Data { try await client.get(named) }
}

public final class NetworkAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(HTTPClient.self, name: ClientName.api.rawValue) { _ in
            URLSessionHTTPClient(baseURL: "https://api.example.com")
        }.inObjectScope(.container)

        container.register(HTTPClient.self, name: ClientName.cdn.rawValue) { _ in CDNHTTPClient() }
            .inObjectScope(.container)

        container.register(ImageLoader.self) { resolver in
            RemoteImageLoader(client: resolver.resolve(HTTPClient.self, name: ClientName.cdn.rawValue)!)
        }
    }
}
