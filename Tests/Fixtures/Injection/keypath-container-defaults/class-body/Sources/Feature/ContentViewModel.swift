import Services

public final class ContentViewModel {
    private let one: ServiceType
    private let two: ServiceType
    private let three: ServiceType

    public init(container: AppContainer = .shared) {
        container.register(\AppContainer.service3, factory: { MockService() })
        one = container.resolve(\AppContainer.service1)
        two = container.resolve(\.service2)
        three = container.resolve(\.service3)
    }

    public func texts() -> [String] { [one.text(), two.text(), three.text()] }
}
