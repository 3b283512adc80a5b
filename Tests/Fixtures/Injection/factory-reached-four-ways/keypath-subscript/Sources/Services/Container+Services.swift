import Factory

public protocol MyServiceType { func text() -> String }
struct MyService: MyServiceType { func text() -> String { "live" } }
struct MockService: MyServiceType { func text() -> String { "mock" } }
public struct MyConstructedService {
    let service: MyServiceType
    public func text() -> String { service.text() }
}

extension Container {
    public var myService: Factory<MyServiceType> {
        self { MyService() }
    }

    public var myConstructedService: Factory<MyConstructedService> {
        self { MyConstructedService(service: self.myService()) }
    }
}
