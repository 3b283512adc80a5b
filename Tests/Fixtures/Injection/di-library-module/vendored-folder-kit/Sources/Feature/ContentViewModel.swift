import FactoryKit
import Services

nonisolated final class ContentViewModel {
    let service: MyServiceType = dependency(\.myService)
    let other = { Injected(\.myService).wrappedValue }()
}
