import Services

public final class ContentViewModel {
    let container = SimpleContainer.shared

    public init() {}

    public func setUpPreviews() {
        container.register(\.service3) {
            MockService()
        }
    }

    public func texts() -> [String] {
        let s1 = container.resolve(\.service1)
        let s2 = container.resolve(\.service2)
        let s3 = container.resolve(\.service3)
        return [s1.text(), s2.text(), s3.text()]
    }
}
