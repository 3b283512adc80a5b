import Factory
import Services

public final class ContentViewModel {
    @Injected(Container.myService) private var service

    public init() {}

    public func title() -> String { service.text() }
}
