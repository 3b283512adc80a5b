import Factory
import Services

@MainActor
final class ContentViewModel {
    @InjectedType private var simple: SimpleService?

    func testResolving() -> String? {
        let c = Container.shared
        let s2: MyServiceType? = c.resolve()
        return s2?.text() ?? simple?.text()
    }
}
