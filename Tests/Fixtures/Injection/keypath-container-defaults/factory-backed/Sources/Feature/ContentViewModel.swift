import Factory
import Services

public final class ContentViewModel {
    let container = ServiceContainer.shared

    public init() {}

    public func setUpPreviews() {
        ServiceContainer.shared.register(\.service3) { MockService() }
    }

    public func texts() -> [String] {
        let s1 = container.resolve(\.service1)
        let path = \ServiceContainer.service2
        let s2 = container.resolve(path)
        let s3 = container.resolve(\.service3)
        return [s1.text(), s2.text(), s3.text()]
    }
}
