import DI
import Feature

struct FetchUseCase: FetchUseCaseInterface { func fetch() -> [String] { ["a"] } }

public enum AppAssembly {
    public static func assemble() {
        DIContainer.shared.register(interface: FetchUseCaseInterface.self, implement: { FetchUseCase() })
    }
}
