import Factory
import Services

public final class ContentViewModel {
    @LazyInjected(ServiceContainer.myService) private var service: MyServiceType

    public init() {}

    public func title() -> String { service.text() }
}
