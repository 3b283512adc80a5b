import AlbumListScene
import LoginScene
import SynAPIService
import SynDIContainer
import SynExtensions
import SynNetwork

/// Registers every implementation scenes resolve with `@Injectable`. Scenes only know the
/// interfaces in SynDependencies; this is the one place that names the implementations.
enum AppDependencies {
    static func registerAll(configuration: AppConfiguration) {
        APIServiceItem.client = URLSessionHTTPClient(baseURL: configuration.apiBaseURL, decoder: .synstagram)
        Container.shared.register(type: APIServiceItem.self)
        Container.shared.register(type: AlbumServiceItem.self)
        Container.shared.register(type: LoginDependencyItem.self)
        Container.shared.register(type: AlbumListDependencyItem.self)
    }
}

/// One API service for the whole app, so the session token is shared.
private struct APIServiceItem: DependencyItem {
    typealias Interface = AuthService

    nonisolated(unsafe) static var client: URLSessionHTTPClient?
    private static let service = DefaultAPIService(client: client!)

    static func make() -> AuthService { service }

    fileprivate static var shared: DefaultAPIService { service }
}

private struct AlbumServiceItem: DependencyItem {
    typealias Interface = AlbumService

    static func make() -> AlbumService { APIServiceItem.shared }
}
