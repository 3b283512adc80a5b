import Factory
import Services

final class ContentViewModel {
    private let service: MyServiceType?
    private let simple: SimpleService?

    init(container: Container = .shared) {
        let service: MyServiceType? = container.resolve()
        self.service = service
        simple = container.resolve() as SimpleService?
    }
}
