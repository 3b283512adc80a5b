import Factory
import Services

public final class ContentViewModel {
    private let container: Container
    private lazy var service: MyServiceType = container.myService()

    public init(container: Container = .shared) {
        self.container = container
    }

    public func title() -> String { service.text() }
}
