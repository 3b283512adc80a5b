import Factory
import Services

public final class ContentViewModel {
    private let service: MyServiceType = Container.shared.myService()

    public init() {}

    public func title() -> String { service.text() }
}
