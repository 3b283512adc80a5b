import Factory
import Services

public final class ContentViewModel {
    private let service: MyServiceType

    public init(container: Container = .shared) {
        service = container[keyPath: \Container.myService]()
    }

    public func title() -> String { service.text() }
}
