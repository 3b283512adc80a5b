import Factory

extension Container {
    public static let myService = Factory<MyServiceType> { MyService() }

    public static let myConstructedService = Factory<MyConstructedService> {
        MyConstructedService(service: myService())
    }
}
