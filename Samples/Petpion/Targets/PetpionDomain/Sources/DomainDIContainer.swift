import PetpionCore
import Swinject

/// Registers the use cases. Swinject is imported here although only PetpionCore declares it.
public struct DomainDIContainer {
    private let container: Container

    public init(container: Container = DIContainer.shared.container) {
        self.container = container
    }

    public func register() {
        container.register(LoginUseCase.self) { resolver in
            DefaultLoginUseCase(
                repository: resolver.resolve(LoginRepository.self)!,
                logger: resolver.resolve(Logging.self)!
            )
        }
        container.register(FeedUseCase.self) { resolver in
            DefaultFeedUseCase(repository: resolver.resolve(FeedRepository.self)!)
        }
    }
}
