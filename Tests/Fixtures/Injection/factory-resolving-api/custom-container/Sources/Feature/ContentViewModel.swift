import Factory
import Services

final class ContentViewModel {
    @InjectedType(AppContainer.shared) var simple: SimpleService?

    var service: MyServiceType? {
        let resolved: MyServiceType? = AppContainer.shared.resolve()
        return resolved
    }
}
