import DI
import Feature

public protocol ItemsRepositoryInterface { func all() -> [String] }
struct ItemsRepository: ItemsRepositoryInterface { func all() -> [String] { ["a"] } }
struct FetchUseCase: FetchUseCaseInterface {
    let repository: ItemsRepositoryInterface
    func fetch() -> [String] { repository.all() }
}

public enum AppAssembly {
    public static func assemble() {
        DIContainer.shared.register(ItemsRepositoryInterface.self) { ItemsRepository() }
        DIContainer.shared.register(FetchUseCaseInterface.self) {
            let repository: ItemsRepositoryInterface = DIContainer.shared.resolve()
            return FetchUseCase(repository: repository)
        }
    }
}
