import Factory
import Services

public final class ContentViewModel {
    @Injected(\.myService) private var service: MyServiceType

    public init() {}

    public func text() -> String {
        let container = Container.shared
        return service.text() + container.myService().text()
    }
}
