import DI

public protocol FetchUseCaseInterface { func fetch() -> [String] }
public protocol SaveUseCaseInterface { func save(_ item: String) }

public final class ItemsViewModel {
    @Injected var fetch: FetchUseCaseInterface
    // Nothing registers it: a crash when the view model is made.
    @Injected var save: SaveUseCaseInterface

    public init() {}
}
