import DI
import Services

final class ContentViewModel {
    @Injected(\.myService) var service: MyServiceType

    func other() -> MyServiceType {
        Container.shared.myService()
    }
}
