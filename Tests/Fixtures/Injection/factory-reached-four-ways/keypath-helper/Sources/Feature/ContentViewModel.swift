import Factory
import Services

func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

public final class ContentViewModel {
    private let service: MyServiceType = dependency(\.myService)

    public init() {}

    public func title() -> String { service.text() }
}
