import Factory
import Services

public final class ContentViewModel {
    private lazy var service: MyServiceType = {
        let service = Container.myService()
        return service
    }()

    public init() {}

    public func title() -> String { service.text() }
}
