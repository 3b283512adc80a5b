import Factory

public final class AppContainer: SharedContainer, AutoRegistering, Resolving {
    public static let shared = AppContainer()
    public let manager = ContainerManager()

    public func autoRegister() {
        register { MyService() as MyServiceType }
        register { SimpleService() }
    }

    var c: Factory<CycleService> { self { CycleService() } }
}
