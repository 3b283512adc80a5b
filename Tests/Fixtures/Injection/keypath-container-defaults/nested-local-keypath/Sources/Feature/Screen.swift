import Services

public struct Screen {
    public init() {}

    public func prepareForTests() {
        let path = \DI.Container.service3
        DI.Container.shared.provide(path, using: { MockService() })
    }

    public func texts() -> [String] {
        let container = DI.Container.shared
        let first = \DI.Container.service1
        let second: KeyPath<DI.Container, ServiceType> = \.service2
        return [
            container.make(first).text(),
            container.make(second).text(),
            container.make(\.service3).text(),
        ]
    }
}
