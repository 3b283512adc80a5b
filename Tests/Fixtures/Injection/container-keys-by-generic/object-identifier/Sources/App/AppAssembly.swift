import DI
import Feature

struct FetchUseCase: FetchUseCaseInterface { func fetch() -> [String] { ["a"] } }

public enum AppAssembly {
    public static func assemble() {
        let container = Services.Container.shared
        container.register(interface: FetchUseCaseInterface.self) {
            FetchUseCase()
        }
    }
}
