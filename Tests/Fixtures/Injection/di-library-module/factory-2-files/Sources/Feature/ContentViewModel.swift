import Factory
import Services

public final class ContentViewModel {
    @Injected(\.myService) private var service: MyServiceType
    private let other = Container.shared.myService()

    public init() {}

    public func texts() -> [String] { [service.text(), other.text()] }
}
