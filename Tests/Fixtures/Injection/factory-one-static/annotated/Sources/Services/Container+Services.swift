import Factory

extension Container {
    public static let myService: Factory<MyServiceType> = Factory { MyService() }
    public static var myConstructedService: Factory<MyConstructedService> = Factory {
        MyConstructedService(service: myService())
    }
}
