import Factory
import Services

final class ContentViewModel {
    func texts() -> [String] {
        let service = Container.shared.resolve() as MyServiceType?
        let simple: SimpleService? = Container.shared.resolve()
        return [service?.text(), simple?.text()].compactMap { $0 }
    }
}
