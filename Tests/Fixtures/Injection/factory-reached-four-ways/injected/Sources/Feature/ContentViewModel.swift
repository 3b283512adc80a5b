import Factory
import Services

public final class ContentViewModel {
    @Injected(\.myService) private var service: MyServiceType

    public init() {}

    public func title() -> String { service.text() }
}
