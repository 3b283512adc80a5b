import PetpionDomain
import Swinject

/// The view models, as a Swinject `Assembly`. Swinject is imported here although only
/// PetpionCore declares it.
public final class PresentationAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(LoginViewModel.self) { resolver in
            LoginViewModel(loginUseCase: resolver.resolve(LoginUseCase.self)!)
        }
        container.register(FeedViewModel.self) { resolver in
            FeedViewModel(feedUseCase: resolver.resolve(FeedUseCase.self)!)
        }
    }
}
