import Factory

extension Container {
    public static let myService = Factory(scope: .singleton) { MyService() as MyServiceType }
    public static let myConstructedService = Factory { MyConstructedService(service: Self.myService()) }
}

extension Container {
    public static func setupMocks() {
        myService.register { MockService() }
    }
}
