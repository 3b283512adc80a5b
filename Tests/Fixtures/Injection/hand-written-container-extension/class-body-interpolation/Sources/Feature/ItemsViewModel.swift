import DI

public protocol FetchUseCaseInterface { func fetch() -> [String] }
public protocol ShareUseCaseInterface { func share(_ item: String) }

public final class ItemsViewModel {
    @Injected var useCase: FetchUseCaseInterface
    // Nothing registers it: a crash when the view model is made.
    @Injected var share: ShareUseCaseInterface

    public init() {}

    public func load() -> [String] { useCase.fetch() }
}
