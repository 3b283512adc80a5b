import Foundation
import PetpionCore
import PetpionDomain
import Swinject

/// Registers the network client and the repositories the domain's use cases resolve.
/// Swinject is imported here although only PetpionCore declares it.
public struct DataDIContainer {
    private let container: Container

    public init(container: Container = DIContainer.shared.container) {
        self.container = container
    }

    public func register() {
        container.register(APIClient.self) { resolver in
            APIClient(session: .shared, logger: resolver.resolve(Logging.self)!)
        }
        .inObjectScope(.container)

        container.register(LoginRepository.self) { resolver in
            DefaultLoginRepository(client: resolver.resolve(APIClient.self)!)
        }
        container.register(FeedRepository.self) { resolver in
            DefaultFeedRepository(
                client: resolver.resolve(APIClient.self)!,
                cache: resolver.resolve(ImageCache.self)!
            )
        }
    }
}
