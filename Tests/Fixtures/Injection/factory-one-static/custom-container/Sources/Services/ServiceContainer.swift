import Factory

public final class ServiceContainer: SharedContainer {
    public static let myService = Factory<MyServiceType>(
        scope: .shared
    ) {
        MyService()
    }

    public static let myConstructedService = Factory<MyConstructedService> {
        MyConstructedService(service: ServiceContainer.myService())
    }

    static func mock() {
        ServiceContainer.myService.register(factory: { MockService() })
    }
}
