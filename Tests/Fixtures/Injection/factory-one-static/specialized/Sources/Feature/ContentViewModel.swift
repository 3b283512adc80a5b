import Factory
import Services

public final class ContentViewModel {
    private let service = Container.myService()

    public init() {}

    public func title() -> String { service.text() }
}
