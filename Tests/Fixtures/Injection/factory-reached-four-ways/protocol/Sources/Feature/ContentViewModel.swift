import Factory
import Services

public protocol ServiceProviding {
    var myService: Factory<MyServiceType> { get }
}

extension Container: ServiceProviding {}

public final class ContentViewModel {
    private let service: MyServiceType

    public init(provider: ServiceProviding = Container.shared) {
        service = provider.myService()
    }

    public func title() -> String { service.text() }
}
