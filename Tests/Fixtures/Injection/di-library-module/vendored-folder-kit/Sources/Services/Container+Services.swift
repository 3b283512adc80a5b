import FactoryKit

public protocol MyServiceType { func text() -> String }
struct MyService: MyServiceType { func text() -> String { "live" } }

extension Container {
    public var myService: Factory<MyServiceType> {
        self { MyService() }
    }
}
